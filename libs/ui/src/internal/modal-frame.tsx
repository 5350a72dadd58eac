import type { Interpolation, Theme } from '@emotion/react';
import { cloneElement, lazy, Suspense, useLayoutEffect, useRef, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';

// Focus trap, scroll lock, dismiss layer and portal: loaded when a modal first opens, not with every page.
const ModalContent = lazy(() => import('./modal-content'));

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

/** The element that opens the modal, told what it controls. */
function TriggerOf({ element, open, onOpen }: { element: ReactElement; open: boolean; onOpen: (element: HTMLElement) => void }) {
  const own = element.props as { onClick?: (event: MouseEvent<HTMLElement>) => void };
  return cloneElement(element, {
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    onClick: (event: MouseEvent<HTMLElement>) => {
      own.onClick?.(event);
      if (!event.defaultPrevented) onOpen(event.currentTarget);
    },
  } as Record<string, unknown>);
}

/**
 * A Radix modal (focus trap, Escape and overlay click close it, focus returns to the trigger, or to whatever
 * had focus when it opened) whose panel is styled by the caller: centred for Dialog, sliding from an edge for
 * Drawer. The modal's code loads with its first opening.
 */
export function ModalFrame({
  trigger,
  open,
  defaultOpen = false,
  onOpenChange,
  ...content
}: ModalFrameProps & { panel: Interpolation<Theme>; panelProps?: Record<`data-${string}`, string> }) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const isOpen = open ?? ownOpen;
  // Once loaded it stays mounted, so it can animate closed.
  const [loaded, setLoaded] = useState(isOpen);
  if (isOpen && !loaded) setLoaded(true);
  const opener = useRef<HTMLElement | null>(null);
  // Opened from outside (no trigger): focus goes back to whatever had it.
  useLayoutEffect(() => {
    if (isOpen && !trigger && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [isOpen, trigger]);

  const change = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };

  const openFrom = (element: HTMLElement) => {
    opener.current = element;
    change(true);
  };

  return (
    <>
      {trigger ? <TriggerOf element={trigger} open={isOpen} onOpen={openFrom} /> : null}
      {loaded ? (
        <Suspense fallback={null}>
          <ModalContent {...content} open={isOpen} onOpenChange={change} returnFocusTo={opener} />
        </Suspense>
      ) : null}
    </>
  );
}
