import { css, keyframes, type Theme } from '@emotion/react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactElement, type ReactNode } from 'react';
import { ModalHeader } from '../../internal/modal-header';
import { modalBody, modalFooter, modalPanel, overlay } from '../../internal/modal-styles';

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

export interface DialogProps {
  /** Visible heading; the dialog's accessible name. */
  title: string;
  /** Optional supporting text; becomes the dialog's accessible description. */
  description?: string;
  /** Accessible name of the × button, e.g. "Zamknij". */
  closeLabel: string;
  /** Element that opens the dialog (usually a Button); focus returns to it on close. */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Action row under the body, e.g. Cancel / Confirm buttons. */
  footer?: ReactNode;
  size?: DialogSize;
  children?: ReactNode;
}

/** A centred modal dialog: traps focus, closes on Escape or overlay click, restores focus on close. */
export function Dialog({
  title,
  description,
  closeLabel,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  footer,
  size = 'md',
  children,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay css={overlay} />
        <RadixDialog.Content
          css={(theme) => content(theme, size)}
          // Without a description there is nothing to point at; saying so explicitly stops Radix's warning.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <ModalHeader title={title} description={description} closeLabel={closeLabel} />
          {children ? <div css={modalBody}>{children}</div> : null}
          {footer ? <div css={modalFooter}>{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
