import { css, type Theme } from '@emotion/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { ChatPanel } from './chat-panel';

/** What the corner must clear at the bottom: the home page's floating bar (phones), or /radio's player bar. */
export type ChatClearance = 'bottom-bar' | 'player';

const launcher = (theme: Theme, clear: ChatClearance) => css`
  position: fixed;
  right: ${theme.space[4]};
  bottom: ${clear === 'player' ? '104px' : theme.space[4]};
  z-index: ${theme.zIndices.overlay};
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  border: none;
  border-radius: 50%;
  background: ${theme.colors.accent};
  color: ${theme.colors.onAccent};
  box-shadow: ${theme.shadows.lg};
  cursor: pointer;

  &:focus-visible {
    outline: 3px solid ${theme.colors.focusRing};
    outline-offset: 3px;
  }

  ${theme.mq.belowMobile} {
    bottom: ${clear === 'player' ? '168px' : '88px'};
  }
`;

const dialog = (theme: Theme) => css`
  position: fixed;
  right: ${theme.space[4]};
  bottom: ${theme.space[4]};
  z-index: ${theme.zIndices.overlay};
  width: 320px;
  height: 450px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  overflow: hidden;
  box-shadow: ${theme.shadows.lg};

  ${theme.mq.belowMobile} {
    inset: 0;
    width: auto;
    height: auto;
    border: none;
    border-radius: 0;
  }
`;

function ChatIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
      <path d="M8 11h8M8 14h5" />
    </svg>
  );
}

/**
 * The floating assistant: a round button, or the chat open at 320×450 in the corner (full screen below 768 px).
 * Escape closes it and gives the focus back to the button; opening it puts the focus in the message box.
 */
export function ChatWidget({ clear }: { clear: ChatClearance }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) input.current?.focus();
    else if (wasOpen.current) button.current?.focus();
    wasOpen.current = open;
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  if (!open) {
    return (
      <button ref={button} type="button" css={(theme: Theme) => launcher(theme, clear)} aria-label={t('assistant.widget.open')} aria-expanded={false} onClick={() => setOpen(true)}>
        <ChatIcon />
      </button>
    );
  }
  return (
    <div role="dialog" aria-labelledby={`${id}-title`} css={dialog}>
      <ChatPanel titleId={`${id}-title`} onClose={() => setOpen(false)} inputRef={input} />
    </div>
  );
}

export default ChatWidget;
