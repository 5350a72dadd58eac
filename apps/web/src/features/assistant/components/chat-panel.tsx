import { css, keyframes, type Theme } from '@emotion/react';
import { Button, IconButton } from '@grouarock/ui';
import { Root as VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { MESSAGE_MAX } from '../api/chat';
import type { ChatMessage } from '../conversation';
import { useChat } from '../use-chat';
import { MessageText } from './message-text';

const panel = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  min-height: 0;
  height: 100%;
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
`;

const header = (theme: Theme) => css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[2]};
  padding: ${theme.space[2]} ${theme.space[3]};
  border-bottom: 3px solid ${theme.colors.accent};

  h2 {
    margin: 0;
    font-family: ${theme.fonts.display};
    font-size: ${theme.fontSizes.xl};
    font-weight: normal;
    letter-spacing: 0.04em;
  }
`;

const log = (theme: Theme) => css`
  flex: 1;
  min-height: 0;
  padding: ${theme.space[3]};
  overflow-y: auto;
`;

const list = (theme: Theme) => css`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
`;

const bubble = (theme: Theme, bot: boolean) => css`
  max-width: 85%;
  align-self: ${bot ? 'flex-start' : 'flex-end'};
  padding: ${theme.space[2]} ${theme.space[3]};
  border-radius: ${theme.radii.md};
  background: ${bot ? theme.colors.surfaceSunken : theme.colors.accent};
  color: ${bot ? theme.colors.text : theme.colors.onAccent};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const linksRow = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[1]};
  margin-top: ${theme.space[2]};
`;

const blink = keyframes`
  0%, 80%, 100% { opacity: 0.2; }
  40% { opacity: 1; }
`;

const typing = (theme: Theme) => css`
  display: inline-flex;
  gap: 4px;
  span {
    width: 6px;
    height: 6px;
    border-radius: 50%;
    background: ${theme.colors.textMuted};
    animation: ${blink} 1.2s infinite;
  }
  span:nth-of-type(2) {
    animation-delay: 0.2s;
  }
  span:nth-of-type(3) {
    animation-delay: 0.4s;
  }
  @media (prefers-reduced-motion: reduce) {
    span {
      animation: none;
      opacity: 0.6;
    }
  }
`;

const form = (theme: Theme) => css`
  display: flex;
  gap: ${theme.space[2]};
  padding: ${theme.space[2]} ${theme.space[3]} ${theme.space[3]};
  border-top: 1px solid ${theme.colors.border};

  textarea {
    flex: 1;
    min-height: 44px;
    max-height: 120px;
    resize: none;
    padding: ${theme.space[2]};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.sm};
    background: ${theme.colors.surfaceSunken};
    color: ${theme.colors.text};
    font: inherit;
  }
`;

function Bubble({ message, onNavigate }: { message: Pick<ChatMessage, 'text' | 'isBot' | 'links'>; onNavigate?: () => void }) {
  const t = useT();
  const named = new Set(message.text.match(/\/[a-z0-9/-]+/g) ?? []);
  const extra = (message.links ?? []).filter((l) => !named.has(l.href));
  return (
    <li css={(theme: Theme) => bubble(theme, message.isBot)}>
      <VisuallyHidden>{message.isBot ? t('assistant.widget.bot') : t('assistant.widget.you')}: </VisuallyHidden>
      {message.isBot ? <MessageText text={message.text} onNavigate={onNavigate} /> : message.text}
      {extra.length ? (
        <span css={linksRow}>
          {extra.map((l) => (
            <Button key={l.href} asChild size="sm" variant="secondary">
              <Link to={l.href} onClick={onNavigate}>
                {l.label}
              </Link>
            </Button>
          ))}
        </span>
      ) : null}
    </li>
  );
}

/**
 * The conversation: the two greetings, the messages (a log that screen readers announce), the reply streaming in
 * after a typing indicator, and the box where Enter sends and Shift+Enter starts a new line.
 */
export function ChatPanel({ titleId, onClose, inputRef }: { titleId: string; onClose?: () => void; inputRef?: React.RefObject<HTMLTextAreaElement | null> }) {
  const t = useT();
  const { messages, pending, streaming, send } = useChat();
  const [text, setText] = useState('');
  const end = useRef<HTMLLIElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, streaming, pending]);

  const submit = async () => {
    if (!text.trim() || pending) return;
    const sending = text;
    setText('');
    await send(sending);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <section css={panel} aria-labelledby={titleId}>
      <div css={header}>
        <h2 id={titleId}>{t('assistant.widget.title')}</h2>
        {onClose ? (
          <IconButton label={t('assistant.widget.close')} onClick={onClose} size="sm">
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </IconButton>
        ) : null}
      </div>
      <div css={log} role="log" aria-live="polite" aria-label={t('assistant.widget.messages')}>
        <ol css={list}>
          <Bubble message={{ text: t('assistant.widget.greeting1'), isBot: true }} />
          <Bubble message={{ text: t('assistant.widget.greeting2'), isBot: true }} />
          {messages.map((m) => (
            <Bubble key={m.id} message={m} onNavigate={onClose} />
          ))}
          {streaming ? <Bubble message={{ text: streaming, isBot: true }} /> : null}
          {pending && !streaming ? (
            <li css={(theme: Theme) => bubble(theme, true)}>
              <span role="status">
                <span css={typing} aria-hidden="true">
                  <span />
                  <span />
                  <span />
                </span>
                <VisuallyHidden>{t('assistant.widget.typing')}</VisuallyHidden>
              </span>
            </li>
          ) : null}
          <li ref={end} aria-hidden="true" />
        </ol>
      </div>
      <form
        css={form}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <VisuallyHidden asChild>
          <label htmlFor={`${titleId}-input`}>{t('assistant.widget.input')}</label>
        </VisuallyHidden>
        <textarea
          id={`${titleId}-input`}
          ref={inputRef}
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX}
          placeholder={t('assistant.widget.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={pending || !text.trim()}>
          {t('assistant.widget.send')}
        </Button>
      </form>
    </section>
  );
}
