import { LineIcon, type LineIconProps } from '../line-icon/line-icon';

export type TransportKind = 'previous' | 'play' | 'pause' | 'next';

export interface TransportIconProps extends Omit<LineIconProps, 'children'> {
  kind: TransportKind;
}

const shapes: Record<TransportKind, string> = {
  previous: 'M6 5v14M19 5l-10 7 10 7z',
  play: 'M7 4.5v15l12.5-7.5z',
  pause: 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z',
  next: 'M18 5v14M5 5l10 7-10 7z',
};

/**
 * A player's transport symbols (previous, play, pause, next) as filled drawings in the current text colour, for the
 * buttons that hold them (their labels say what they do). Drawn, not typed: ⏮ and ⏭ are in few fonts (a box on a
 * Linux desktop with only DejaVu) and ▶ is an emoji on some phones.
 */
export function TransportIcon({ kind, size = 20, ...props }: TransportIconProps) {
  return (
    <LineIcon size={size} fill="currentColor" data-icon={kind} {...props}>
      <path d={shapes[kind]} />
    </LineIcon>
  );
}
