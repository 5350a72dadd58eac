import { createContext, useContext, useEffect } from 'react';

export interface DocumentMeta {
  title: string;
  description?: string;
  keywords?: string;
}

type MetaKey = readonly ['name' | 'property', string];

/** The tags a page sets: search engines read description and keywords, social sites og: and twitter:. */
function tagsFor(meta: DocumentMeta): [MetaKey, string | undefined][] {
  return [
    [['name', 'description'], meta.description],
    [['name', 'keywords'], meta.keywords],
    [['property', 'og:title'], meta.title],
    [['property', 'og:description'], meta.description],
    [['name', 'twitter:title'], meta.title],
    [['name', 'twitter:description'], meta.description],
  ];
}

/** What index.html had before any page changed a tag (null: the tag did not exist). */
const originals = new Map<string, string | null>();

function findOrCreate([attribute, value]: MetaKey): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${value}"]`);
  const key = `${attribute}=${value}`;
  if (!originals.has(key)) originals.set(key, existing ? existing.content : null);
  if (existing) return existing;
  const created = document.createElement('meta');
  created.setAttribute(attribute, value);
  document.head.appendChild(created);
  return created;
}

function restore([attribute, value]: MetaKey): void {
  const key = `${attribute}=${value}`;
  const original = originals.get(key);
  const element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${value}"]`);
  if (!element) return;
  if (original === null || original === undefined) element.remove();
  else element.content = original;
}

/**
 * Where a page's meta goes while it is prerendered at build time (src/prerender.tsx), which runs no effects: the
 * build writes it into the page's <head>. Absent in the browser.
 */
export const DocumentMetaCollector = createContext<((meta: DocumentMeta) => void) | null>(null);

/**
 * Sets the document title and the description, keywords and social tags while a page is shown; on leaving it
 * puts back the site's default title and the tags index.html had (tags it did not have are removed).
 */
export function useDocumentMeta(meta: DocumentMeta, defaultTitle: string): void {
  const { title, description, keywords } = meta;
  useContext(DocumentMetaCollector)?.({ title, description, keywords });
  useEffect(() => {
    const tags = tagsFor({ title, description, keywords });
    document.title = title;
    for (const [key, content] of tags) {
      if (content !== undefined) findOrCreate(key).content = content;
    }
    return () => {
      document.title = defaultTitle;
      for (const [key] of tags) restore(key);
    };
  }, [title, description, keywords, defaultTitle]);
}
