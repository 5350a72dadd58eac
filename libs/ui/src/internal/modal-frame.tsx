import type { Interpolation, Theme } from '@emotion/react';
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactElement, ReactNode } from 'react';
import { ModalHeader } from './modal-header';
import { modalBody, modalFooter, overlay } from './modal-styles';

/** What Dialog and Drawer have in common: labelling, trigger, open state and the body/footer slots. */
export interface ModalFrameProps {
  /** Visible heading; the accessible name. */
  title: string;
  /** Optional supporting text; becomes the accessible description. */
  description?: string;
  /** Accessible name of the × button, e.g. "Zamknij". */
  closeLabel: string;
  /** Element that opens it; focus returns to it on close. */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Action row under the body. */
  footer?: ReactNode;
  children?: ReactNode;
}

/**
 * A Radix modal (focus trap, Escape and overlay click close it, focus returns to the trigger) whose
 * panel is styled by the caller: centred for Dialog, sliding from an edge for Drawer.
 */
export function ModalFrame({
  title,
  description,
  closeLabel,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  footer,
  children,
  panel,
  panelProps,
}: ModalFrameProps & { panel: Interpolation<Theme>; panelProps?: Record<`data-${string}`, string> }) {
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay css={overlay} />
        <RadixDialog.Content
          css={panel}
          {...panelProps}
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
