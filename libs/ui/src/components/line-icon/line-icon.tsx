import type { ReactNode, SVGProps } from 'react';

export interface LineIconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height, e.g. 28 or "1.25em" (scales with the text next to it). */
  size?: number | string;
  /** The drawing on a 24 × 24 grid: paths, circles, rects. */
  children: ReactNode;
}

/**
 * The frame of our decorative line icons: a 24 × 24 stroke drawing in the current text colour, hidden from
 * assistive technology (the text next to an icon says what it means).
 */
export function LineIcon({ size = '1.25em', children, ...props }: LineIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
