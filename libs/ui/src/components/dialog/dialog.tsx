import { css, keyframes, type Theme } from '@emotion/react';
import { ModalFrame, type ModalFrameProps } from '../../internal/modal-frame';
import { modalPanel } from '../../internal/modal-styles';

export type DialogSize = 'sm' | 'md' | 'lg';

const widths: Record<DialogSize, string> = { sm: '26rem', md: '36rem', lg: '52rem' };

const popIn = keyframes`
  from {
    opacity: 0;
    transform: translate(-50%, -46%) scale(0.97);
  }
  to {
    opacity: 1;
    transform: translate(-50%, -50%) scale(1);
  }
`;

const content = (theme: Theme, size: DialogSize) => css`
  ${modalPanel(theme)};
  position: fixed;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(${widths[size]}, calc(100vw - 2rem));
  max-height: min(85vh, 48rem);
  border-radius: ${theme.radii.lg};
  border-top: 4px solid ${theme.colors.accent};

  &[data-state='open'] {
    animation: ${popIn} ${theme.motion.durations.base} ${theme.motion.easings.out};
  }

  ${theme.mq.reducedMotion} {
    &[data-state='open'] {
      animation: none;
    }
  }
`;

export interface DialogProps extends ModalFrameProps {
  size?: DialogSize;
}

/** A centred modal dialog: traps focus, closes on Escape or overlay click, restores focus on close. */
export function Dialog({ size = 'md', ...frame }: DialogProps) {
  return <ModalFrame {...frame} panel={(theme) => content(theme, size)} />;
}
