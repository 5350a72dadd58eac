import { css, keyframes, type Theme } from '@emotion/react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactElement, type ReactNode } from 'react';
import { ModalHeader } from '../../internal/modal-header';
import { modalBody, modalFooter, modalPanel, overlay } from '../../internal/modal-styles';

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

export interface DrawerProps {
  /** Visible heading; the drawer's accessible name. */
  title: string;
  /** Optional supporting text; becomes the drawer's accessible description. */
  description?: string;
  /** Accessible name of the × button, e.g. "Zamknij menu". */
  closeLabel: string;
  /** Edge the panel slides in from. */
  side?: DrawerSide;
  /** Element that opens the drawer (e.g. a hamburger IconButton); focus returns to it on close. */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  footer?: ReactNode;
  children?: ReactNode;
}

/** A modal side panel (navigation on mobile, playlists, mixer settings) built on Radix Dialog. */
export function Drawer({
  title,
  description,
  closeLabel,
  side = 'right',
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  footer,
  children,
}: DrawerProps) {
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay css={overlay} />
        <RadixDialog.Content
          css={(theme) => panel(theme, side)}
          data-side={side}
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
