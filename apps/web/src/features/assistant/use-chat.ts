import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useAsyncAction } from '../../lib/use-async-action';
import { localeAtom } from '../language';
import { streamChat } from './api/chat';
import { type ChatMessage, conversationAtom } from './conversation';

const newId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * The conversation with the assistant: the spec's send (ignored when blank or while a reply is coming), the reply
 * shown as it streams in, and an error turned into the bot's translated reply. Kept for the browser session.
 */
export function useChat() {
  const t = useT();
  const locale = useAtomValue(localeAtom);
  const [conversation, setConversation] = useAtom(conversationAtom);
  const [streaming, setStreaming] = useState<string | null>(null);

  // One question at a time: a send while a reply is coming is ignored (useAsyncAction answers it with undefined).
  const ask = useAsyncAction(async (message: string): Promise<true> => {
    const id = conversation?.id ?? newId();
    const add = (entry: ChatMessage) => setConversation((current) => ({ id, messages: [...(current?.messages ?? []), entry] }));
    add({ id: newId(), text: message, isBot: false, timestamp: new Date().toISOString() });
    try {
      const reply = await streamChat({ message, conversationId: id, locale }, (piece) => setStreaming((so) => (so ?? '') + piece));
      add({ id: newId(), text: reply.reply, isBot: true, timestamp: new Date().toISOString(), links: reply.links });
    } catch (error) {
      console.warn('The assistant did not answer', error);
      const text = error instanceof ApiError && error.status === 429 ? t('assistant.widget.rateLimited') : t('assistant.error.unavailable');
      add({ id: newId(), text, isBot: true, timestamp: new Date().toISOString(), links: [] });
    } finally {
      setStreaming(null);
    }
    return true;
  });

  const { run } = ask;
  const send = useCallback(async (text: string): Promise<boolean> => {
    const message = text.trim();
    return message ? ((await run(message)) ?? false) : false;
  }, [run]);

  return { messages: conversation?.messages ?? [], pending: ask.running, streaming, send };
}
