import { css } from '@emotion/react';

/**
 * For a block below a page's first screen: laid out and painted only once it nears the viewport
 * (`content-visibility: auto`), not for the first paint. Until then it takes `estimate` of height (its usual one, so the
 * scrollbar hardly moves), and its last real height once it has been shown. Its content stays in the page for
 * keyboards, screen readers, find-in-page and links to its anchors.
 */
export const renderWhenNear = (estimate: string) => css`
  content-visibility: auto;
  contain-intrinsic-size: auto ${estimate};
`;
