import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { sessionStore } from '../../lib/browser-storage';

/** The spec's chat message, with the product links a bot reply carries. */
export interface ChatMessage {
  id: string;
  text: string;
  isBot: boolean;
  /** ISO time. */
  timestamp: string;
  links?: { href: string; label: string }[];
}

export interface Conversation {
  /** Sent with each message, so a model sees the earlier turns. */
  id: string;
  messages: ChatMessage[];
}

/**
 * The conversation lasts as long as the browser tab's session (sessionStorage), on every page that shows the chat.
 * Read as the atom is first used: a prerendered page shows the chat only once hydrated (InlineChat).
 */
export const conversationAtom = atomWithStorage<Conversation | null>('grouarock.assistant', null, createJSONStorage(sessionStore), { getOnInit: true });

/** Paths of the product a reply may name; in a reply they become links. */
export const PRODUCT_PATH = /(\/(?:radio|events|subscription|support|contact|ai-studio|tutorials|tutorial\/[a-z0-9-]+|api)\b)/;
