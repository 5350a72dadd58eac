import { css, type Theme } from '@emotion/react';

/** A small modern reset plus the stage colours and one focus ring shared by every focusable element. */
export function globalStyles(theme: Theme) {
  return css`
    *,
    *::before,
    *::after {
      box-sizing: border-box;
    }

    html {
      -webkit-text-size-adjust: 100%;
      text-size-adjust: 100%;
      color-scheme: dark;
    }

    body {
      margin: 0;
      min-height: 100vh;
      background: ${theme.colors.bg};
      color: ${theme.colors.text};
      font-family: ${theme.fonts.body};
      font-size: ${theme.fontSizes.md};
      line-height: ${theme.lineHeights.normal};
      -webkit-font-smoothing: antialiased;
      -moz-osx-font-smoothing: grayscale;
    }

    h1,
    h2,
    h3,
    h4,
    p,
    figure,
    blockquote,
    dl,
    dd {
      margin: 0;
    }

    h1,
    h2,
    h3 {
      font-family: ${theme.fonts.display};
      font-weight: ${theme.fontWeights.regular};
      letter-spacing: ${theme.letterSpacings.display};
      line-height: ${theme.lineHeights.snug};
    }

    img,
    svg,
    video,
    canvas {
      display: block;
      max-width: 100%;
    }

    input,
    button,
    textarea,
    select {
      font: inherit;
      color: inherit;
    }

    a {
      color: ${theme.colors.accentText};
      text-underline-offset: 0.2em;
    }

    ::selection {
      background: ${theme.colors.accent};
      color: ${theme.colors.onAccent};
    }

    /* Keyboard users always see where they are; mouse clicks do not draw the ring. */
    :focus-visible {
      outline: 3px solid ${theme.colors.focusRing};
      outline-offset: 2px;
    }

    :focus:not(:focus-visible) {
      outline: none;
    }
  `;
}
