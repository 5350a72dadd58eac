import type { Interpolation, Theme } from '@emotion/react';
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { ModalHeader } from './modal-header';
import { modalBody, modalFooter, overlay } from './modal-styles';

export interface ModalContentProps {
  title: string;
  description?: string;
  closeLabel: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to on close: the element that opened it. */
  returnFocusTo: RefObject<HTMLElement | null>;
  footer?: ReactNode;
  children?: ReactNode;
  panel: Interpolation<Theme>;
  panelProps?: Record<`data-${string}`, string>;
}

/**
 * The modal itself (Radix Dialog: focus trap, Escape and overlay click close it), in a chunk of its own that
 * ModalFrame loads when it first opens.
 */
export default function ModalContent({ title, description, closeLabel, open, onOpenChange, returnFocusTo, footer, children, panel, panelProps }: ModalContentProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay css={overlay} />
        <RadixDialog.Content
          css={panel}
          {...panelProps}
          // Without a description there is nothing to point at; saying so explicitly stops Radix's warning.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <ModalHeader title={title} description={description} closeLabel={closeLabel} />
          {children ? <div css={modalBody}>{children}</div> : null}
          {footer ? <div css={modalFooter}>{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
