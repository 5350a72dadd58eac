import { css, type Theme } from '@emotion/react';

/** Hidden below 768 px: the desktop form of something the shell shows differently on mobile. */
export const desktopOnly = (theme: Theme) => css`
  ${theme.mq.belowMobile} {
    display: none;
  }
`;

/** Shown only below 768 px: the mobile form (a drawer's button, a disclosure toggle). */
export const mobileOnly = (theme: Theme) => css`
  ${theme.mq.mobileUp} {
    display: none;
  }
`;
