import { css, type Theme } from '@emotion/react';

/**
 * A link whose ::after covers its whole card (the card is position: relative), so the card is the target and the
 * focus ring is drawn around the card, `focusOffset` from its edge.
 */
export const coveringLink = (theme: Theme, focusOffset: string) => css`
  color: ${theme.colors.text};
  text-decoration: none;

  &::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: ${theme.radii.lg};
  }

  &:hover {
    color: ${theme.colors.secondary};
  }

  &:focus-visible {
    outline: none;
  }

  &:focus-visible::after {
    outline: 3px solid ${theme.colors.focusRing};
    outline-offset: ${focusOffset};
  }
`;
