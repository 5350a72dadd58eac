import { css, type Theme } from '@emotion/react';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';

const logo = (theme: Theme) => css`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  min-height: ${theme.touchTarget};
  color: ${theme.colors.text};
  text-decoration: none;
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes['3xl']};
  line-height: 1;
  letter-spacing: 0.04em;

  & > span {
    box-shadow: inset 0 -0.18em 0 ${theme.colors.accent};
  }

  & svg {
    transform: rotate(-6deg);
  }
`;

/** The mark and the wordmark, underlined in stage red; links home. */
export function Logo() {
  const t = useT();
  return (
    <Link to="/" css={logo} aria-label={t('brand.homeLabel')}>
      <svg width="34" height="34" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="8" fill="#E0102A" />
        <path d="M18 50V14h16c8 0 13 4 13 11 0 5-3 9-8 10l10 15h-10l-9-14h-4v14zm8-21h7c3 0 5-1.5 5-4s-2-4-5-4h-7z" fill="#0B0A0D" />
      </svg>
      <span>{t('brand.name')}</span>
    </Link>
  );
}
