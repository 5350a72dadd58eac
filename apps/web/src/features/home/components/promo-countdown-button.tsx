import { css, type Theme } from '@emotion/react';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { NavigateAway } from '../navigate-away';
import { promoCountdownSeconds, startCountdown } from '../promo-countdown';

const go = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${theme.space[4]};
  width: 100%;
  min-height: 60vh;
  padding: ${theme.space[6]} ${theme.space[4]};
  border: 3px dashed ${theme.colors.accent};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  font: inherit;
  text-align: center;
  cursor: pointer;

  &:hover {
    border-color: ${theme.colors.secondary};
  }
`;

const offer = (theme: Theme) => css`
  font-family: ${theme.fonts.display};
  font-size: clamp(2.5rem, 9vw, 6rem);
  line-height: 1;
  letter-spacing: 0.04em;
  color: ${theme.colors.secondary};
`;

const countdown = (theme: Theme) => css`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
`;

const hint = (theme: Theme) => css`
  color: ${theme.colors.textMuted};
`;

/** The popup's body; mounted only while the popup is open, so each opening counts from 10 again. */
export default function PromoCountdown({ offerText, target, navigate }: { offerText: string; target: string; navigate: NavigateAway }) {
  const t = useT();
  const [left, setLeft] = useState(promoCountdownSeconds);

  useEffect(() => {
    const timer = startCountdown(promoCountdownSeconds, setLeft, () => navigate(target));
    return () => timer.stop();
  }, [navigate, target]);

  return (
    <button type="button" css={go} onClick={() => navigate(target)}>
      <span css={offer}>{offerText}</span>
      <span css={countdown}>{t('home.promo.countdown', { seconds: left })}</span>
      <span css={hint}>{t('home.promo.goNow')}</span>
    </button>
  );
}
