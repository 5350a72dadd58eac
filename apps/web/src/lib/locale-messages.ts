import { defaultLocale, defaultMessages, loadArea, withIncludedAreas, type Area, type Dictionary, type Locale } from '@grouarock/i18n';

interface Loaded {
  /** The texts loaded so far: one object per language, grown in place as areas arrive, so a rendered screen's intl sees them at once. */
  messages: Dictionary;
  /** Each area's load, started or finished. */
  areas: Map<Area, Promise<void>>;
  done: Set<Area>;
}

const dictionaries = new Map<Locale, Loaded>([
  [defaultLocale, { messages: { ...defaultMessages }, areas: new Map([['core', Promise.resolve()]]), done: new Set(['core']) }],
]);
/** The areas the app has needed so far: a language switched to later loads all of them. */
const needed = new Set<Area>(['core']);
/** The language being shown, or about to be. */
let target: Locale = defaultLocale;

function loaded(locale: Locale): Loaded {
  let entry = dictionaries.get(locale);
  if (!entry) dictionaries.set(locale, (entry = { messages: {}, areas: new Map(), done: new Set() }));
  return entry;
}

async function loadAreas(locale: Locale, areas: Iterable<Area>): Promise<Dictionary> {
  const entry = loaded(locale);
  await Promise.all(
    [...areas].map((area) => {
      let loading = entry.areas.get(area);
      if (!loading) {
        loading = loadArea(locale, area).then((texts) => {
          Object.assign(entry.messages, texts);
          entry.done.add(area);
        });
        // A failed load (offline) is tried again next time.
        loading.catch(() => entry.areas.delete(area));
        entry.areas.set(area, loading);
      }
      return loading;
    }),
  );
  return entry.messages;
}

/** A language's texts loaded so far (the object grows as areas load). */
export function messagesOf(locale: Locale): Dictionary {
  return loaded(locale).messages;
}

/** A language's texts, if every area the app has needed so far is loaded for it. */
export function messagesIfLoaded(locale: Locale): Dictionary | undefined {
  const entry = dictionaries.get(locale);
  return entry && [...needed].every((area) => entry.done.has(area)) ? entry.messages : undefined;
}

/** Loads (once) a language's texts of every area needed so far, and makes it the language new areas load in. */
export function ensureMessages(locale: Locale): Promise<Dictionary> {
  target = locale;
  return loadAreas(locale, needed);
}

/** Loads the texts of `areas` (and of the areas they include) in the language being shown; a screen that shows them waits for this. */
export async function needAreas(areas: readonly Area[]): Promise<void> {
  const all = withIncludedAreas(areas);
  for (const area of all) needed.add(area);
  await loadAreas(target, all);
}

/**
 * For `React.lazy`: a screen's code and the texts of its areas load in parallel, and the screen renders once
 * both are in, so it never shows a message id instead of its text.
 */
export function withMessages<T>(areas: readonly Area[], load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), needAreas(areas)]))[0];
}
