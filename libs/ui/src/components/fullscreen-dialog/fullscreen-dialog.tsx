import { css, keyframes, type Theme } from '@emotion/react';
import { ModalFrame, type ModalFrameProps } from '../../internal/modal-frame';
import { modalPanel } from '../../internal/modal-styles';

const rise = keyframes`
  from {
    opacity: 0;
    transform: translateY(2%);
  }
  to {
    opacity: 1;
    transform: translateY(0);
  }
`;

const panel = (theme: Theme) => css`
  ${modalPanel(theme)};
  position: fixed;
  inset: 0;
  width: 100vw;
  height: 100vh;
  height: 100dvh;
  max-width: 100vw;
  border: none;
  border-top: 4px solid ${theme.colors.accent};

  &[data-state='open'] {
    animation: ${rise} ${theme.motion.durations.base} ${theme.motion.easings.out};
  }

  ${theme.mq.reducedMotion} {
    &[data-state='open'] {
      animation: none;
    }
  }
`;

export type FullscreenDialogProps = ModalFrameProps;

/**
 * A modal that fills the whole viewport (the DJ mixer, big editors): traps focus, closes on Escape,
 * labelled by its title, restores focus on close. Its body scrolls when the content is taller than the screen.
 */
export function FullscreenDialog(props: FullscreenDialogProps) {
  return <ModalFrame {...props} panel={panel} panelProps={{ 'data-fullscreen': 'true' }} />;
}
