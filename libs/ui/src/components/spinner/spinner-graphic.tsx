import { css, keyframes, type Theme } from '@emotion/react';

const spin = keyframes`
  to {
    transform: rotate(360deg);
  }
`;

const graphic = (theme: Theme) => css`
  display: inline-block;
  flex-shrink: 0;
  animation: ${spin} 0.8s linear infinite;

  /* A spinner is the only sign that something is happening, so it keeps turning, just calmly. */
  ${theme.mq.reducedMotion} {
    animation-duration: 2.4s;
  }
`;

export interface SpinnerGraphicProps {
  /** CSS size of the ring; `1em` follows the surrounding text (e.g. inside a Button). */
  size?: string;
}

/**
 * The decorative spinning ring shared by Spinner and Button's loading state. It is always aria-hidden:
 * Spinner supplies the accessible label, Button relies on aria-busy.
 */
export function SpinnerGraphic({ size = '1em' }: SpinnerGraphicProps) {
  return (
    <svg
      css={graphic}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
      data-spinner=""
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity={0.25} strokeWidth={3} />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth={3} strokeLinecap="round" />
    </svg>
  );
}
