import { css, type Theme } from '@emotion/react';

/** A panel's heading in the studio (the form, the preview, the library). */
export const panelHeading = (theme: Theme) => css`
  margin: 0 0 ${theme.space[3]};
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes['2xl']};
  font-weight: normal;
  letter-spacing: 0.04em;
`;
