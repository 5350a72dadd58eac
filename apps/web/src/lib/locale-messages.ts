import { defaultLocale, defaultMessages, loadMessages, type Locale, type Messages } from '@grouarock/i18n';

const loaded = new Map<Locale, Messages>([[defaultLocale, defaultMessages]]);

/** A dictionary already in memory, if it is. */
export function messagesIfLoaded(locale: Locale): Messages | undefined {
  return loaded.get(locale);
}

/** Loads (once) and keeps a language's dictionary. */
export async function ensureMessages(locale: Locale): Promise<Messages> {
  const known = loaded.get(locale);
  if (known) return known;
  const messages = await loadMessages(locale);
  loaded.set(locale, messages);
  return messages;
}
