import { css, keyframes, type Theme } from '@emotion/react';
import { ModalFrame, type ModalFrameProps } from '../../internal/modal-frame';
import { modalPanel } from '../../internal/modal-styles';

export type DrawerSide = 'left' | 'right';

const slide = (from: string, to: string) => keyframes`
  from {
    transform: translateX(${from});
  }
  to {
    transform: translateX(${to});
  }
`;

const panel = (theme: Theme, side: DrawerSide) => {
  const offscreen = side === 'right' ? '100%' : '-100%';
  return css`
    ${modalPanel(theme)};
    position: fixed;
    top: 0;
    bottom: 0;
    ${side}: 0;
    width: min(26rem, 100vw);
    max-width: 100vw;
    height: 100%;
    ${side === 'right' ? 'border-right' : 'border-left'}: none;
    border-${side === 'right' ? 'left' : 'right'}: 4px solid ${theme.colors.accent};

    &[data-state='open'] {
      animation: ${slide(offscreen, '0')} ${theme.motion.durations.slow} ${theme.motion.easings.out};
    }

    &[data-state='closed'] {
      animation: ${slide('0', offscreen)} ${theme.motion.durations.base} ${theme.motion.easings.inOut};
    }

    /* No sliding for people who asked for less motion; the panel simply appears and disappears. */
    ${theme.mq.reducedMotion} {
      &[data-state='open'],
      &[data-state='closed'] {
        animation: none;
      }
    }

    ${theme.mq.belowMobile} {
      width: 100vw;
    }
  `;
};

export interface DrawerProps extends ModalFrameProps {
  /** Edge the panel slides in from. */
  side?: DrawerSide;
}

/** A modal side panel (navigation on mobile, playlists, mixer settings) built on Radix Dialog. */
export function Drawer({ side = 'right', ...frame }: DrawerProps) {
  return <ModalFrame {...frame} panel={(theme) => panel(theme, side)} panelProps={{ 'data-side': side }} />;
}
