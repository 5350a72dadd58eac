// Built for Node by the prerender step of `vite build` (build/prerender.ts), never shipped to the browser: renders a
// public page to HTML with its first screen, as a visitor with nothing remembered (Polish, signed out) sees it before
// any live data has come in. main.tsx hydrates that HTML.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app/app';
import { Providers } from './app/providers';
import { SessionManager } from './features/auth';
import { TUTORIALS } from './features/tutorials/tutorials-data';
import { DocumentMetaCollector, type DocumentMeta } from './lib/document-meta';
import { PreloadReadCollector } from './lib/preload-read';

/** The pages prerendered at build time: every public page a visitor (or a crawler) may land on first. */
export const PRERENDERED_PATHS: readonly string[] = [
  '/',
  '/radio',
  '/events',
  '/subscription',
  '/api',
  '/ai-studio',
  '/support',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/cookies',
  '/copyright',
  '/partners',
  '/career',
  '/investors',
  '/press',
  '/tutorials',
  ...TUTORIALS.map((tutorial) => `/tutorial/${tutorial.id}`),
];

export interface PrerenderedPage {
  /** What goes inside #root. */
  html: string;
  /** Emotion's rules for that HTML, as the style elements emotion's cache on the client takes over (for <head>). */
  styles: string;
  /** What the page set through useDocumentMeta, if anything. */
  meta: DocumentMeta | null;
  /** The API reads its first screen makes as it starts (usePreloadRead). */
  reads: string[];
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return html;
}

/**
 * Emotion's rules for a page, as the style elements its cache on the client takes over: the rules of elements (their
 * `css-<name>` classes are in the HTML) and the keyframes they use in one `css` element; each <Global>'s rules in its own
 * `css-global <name>` element, which is where <Global> looks for them (not finding them, it would add them again: the
 * fonts' @font-face rules among them, loading the fonts a second time).
 */
function styleElements(cache: ReturnType<typeof createCache>, html: string): string {
  const rules = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  const isGlobal = ([name]: [string, string]) => !name.startsWith('animation-') && !html.includes(`${cache.key}-${name}`);
  const elements = rules.filter((rule) => !isGlobal(rule));
  const globals = rules.filter(isGlobal).map(([name, css]) => `<style data-emotion="${cache.key}-global ${name}">${css}</style>`);
  return `${globals.join('')}<style data-emotion="${cache.key} ${elements.map(([name]) => name).join(' ')}">${elements.map(([, css]) => css).join('')}</style>`;
}

/** The app at `path` rendered to HTML once every lazy screen and dictionary it shows has loaded. */
interface Collectors {
  meta: (meta: DocumentMeta) => void;
  read: (path: string) => void;
}

async function render(path: string, cache: ReturnType<typeof createCache>, collect: Collectors): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <DocumentMetaCollector.Provider value={collect.meta}>
          <PreloadReadCollector.Provider value={collect.read}>
            <Providers auth={new SessionManager({ storage: null, arrivedThroughRedirect: () => false })}>
              <StaticRouter location={path}>
                <AppRoutes />
              </StaticRouter>
            </Providers>
          </PreloadReadCollector.Provider>
        </DocumentMetaCollector.Provider>
      </CacheProvider>
    </StrictMode>,
    // A screen that throws would be prerendered as its error page: the build stops instead. Every boundary is written in
    // place, however large (React outlines one over 12,800 bytes, to be put in place by an inline script).
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await readAll(prelude);
  if (errors.length) throw new AggregateError(errors, `Prerendering ${path} failed: ${String(errors[0])}`);
  return html;
}

/**
 * The page at `path`. Rendered twice: the first render loads its lazy screens (React.lazy keeps them), so the second
 * has nothing to wait for and comes out whole. A part that still suspended would come as a pending boundary with an
 * inline script to complete it, which the site's Content-Security-Policy refuses: the build stops instead.
 */
export async function prerender(path: string): Promise<PrerenderedPage> {
  await render(path, createCache({ key: 'css' }), { meta: () => undefined, read: () => undefined });
  // One cache a page, in compat mode: rules (<Global>'s too) are kept in `inserted` instead of written inline.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  let meta: DocumentMeta | null = null;
  const reads = new Set<string>();
  const rendered = await render(path, cache, { meta: (collected) => (meta = collected), read: (read) => void reads.add(read) });
  if (/<script|<template|<!--\$[?!]-->/.test(rendered)) throw new Error(`Prerendering ${path}: part of the page was still loading`);
  return { html: rendered, styles: styleElements(cache, rendered), meta, reads: [...reads] };
}
