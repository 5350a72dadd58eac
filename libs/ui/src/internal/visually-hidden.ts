import { css } from '@emotion/react';

/** Hides content visually while keeping it in the accessibility tree (for conditional use in `css`). */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  border: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;
