import { css, type Theme } from '@emotion/react';
import { useT } from '../../../lib/i18n';

const banner = (theme: Theme) => css`
  position: fixed;
  top: ${theme.space[4]};
  left: 50%;
  z-index: ${theme.zIndices.toast};
  width: min(32rem, calc(100vw - 2rem));
  transform: translateX(-50%);
  padding: ${theme.space[4]} ${theme.space[5]};
  border: 2px solid ${theme.colors.accent};
  background: ${theme.colors.danger};
  color: ${theme.colors.onDanger};
  box-shadow: ${theme.shadows.hard};

  strong {
    display: block;
    font-size: ${theme.fontSizes.lg};
  }

  p {
    margin: ${theme.space[1]} 0 0;
  }
`;

/** The red banner at the top while a payment step failed ("❌ Błąd płatności"); announced at once. */
export function PaymentErrorBanner({ show }: { show: boolean }) {
  const t = useT();
  return (
    <div role="alert">
      {show ? (
        <div css={banner}>
          <strong>{t('subscription.error.title')}</strong>
          <p>{t('subscription.error.text')}</p>
        </div>
      ) : null}
    </div>
  );
}
