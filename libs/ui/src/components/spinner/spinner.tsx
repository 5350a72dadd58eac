import { css, type Theme } from '@emotion/react';
import { VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { SpinnerGraphic } from './spinner-graphic';

export type SpinnerSize = 'sm' | 'md' | 'lg';

const sizes: Record<SpinnerSize, string> = { sm: '1rem', md: '1.75rem', lg: '3rem' };

const wrapper = (theme: Theme) => css`
  display: inline-flex;
  color: ${theme.colors.accentText};
`;

export interface SpinnerProps {
  /** What is loading, read by screen readers (visually hidden), e.g. "Ładowanie stacji…". */
  label: string;
  size?: SpinnerSize;
  className?: string;
}

/** A loading indicator announced politely through role="status". */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" css={wrapper} className={className}>
      <SpinnerGraphic size={sizes[size]} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
