import { PRERENDERED_ORIGIN as PUBLIC_URL_TOKEN } from '../src/lib/site-origin';
import { PRERENDERED_STATION_COUNT, STATION_COUNT_META } from '../src/lib/station-count';

/** Where the pages go, inside the served folder but not served as files (a dot folder): the server sends them by path. */
export const PAGES_DIR = '.pages';

/** What src/prerender.tsx gives for a page. */
export interface RenderedPage {
  html: string;
  styles: string;
  meta: { title: string; description?: string } | null;
  /** API paths the first screen reads as it starts: preloaded. */
  reads: string[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** The file a page is written to under PAGES_DIR: `/` is index.html, `/tutorial/x` is tutorial/x.html. */
export const pageFile = (pagePath: string) => `${pagePath === '/' ? 'index' : pagePath.slice(1)}.html`;

/** What a page runs and paints with before the app's code: the start script (src/start.ts) and the app's stylesheets' texts. */
export interface FirstPaint {
  /** The start script's address. */
  start: string;
  /** Each stylesheet index.html links, by its address, with its text. */
  stylesheets: Readonly<Record<string, string>>;
}

/**
 * The template's entry script and stylesheets made ready for a first paint that waits for nothing: the start script in
 * place of the entry, which it imports once the page is painted (preloaded meanwhile), and each stylesheet's rules
 * inline (no request before the first paint; the fonts they declare are requested as soon as the page is laid out:
 * not preloaded, since Chrome holds the whole first paint back for a preloaded `font-display: optional` font).
 * Each stylesheet's link stays, disabled (neither fetched nor applied): the app's lazy chunks list the stylesheet as
 * theirs, and the link tells them it is in (they would add it and wait for it otherwise, and the browser would lay the
 * page out again for its @font-face rules).
 */
function paintFirst(template: string, { start, stylesheets }: FirstPaint): string {
  return template
    .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (link: string, href: string) => {
      const css = stylesheets[href];
      return css === undefined ? link : `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="${href}" disabled>`;
    })
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_, entry: string) => `<link rel="modulepreload" crossorigin href="${entry}">\n    <script type="module" crossorigin src="${start}" data-app="${entry}"></script>`,
    );
}

/**
 * index.html of the build with a page's first screen in #root, its styles, the scripts of its lazy parts and the API
 * reads of its first screen to preload, and its own title, description and cards; with `firstPaint`, made to paint
 * before the app's code runs (paintFirst).
 */
export function pageHtml(index: string, pagePath: string, page: RenderedPage, modules: readonly string[] = [], firstPaint?: FirstPaint): string {
  const template = firstPaint ? paintFirst(index, firstPaint) : index;
  const defaultTitle = /<title>([^<]*)<\/title>/.exec(template)?.[1] ?? '';
  const defaultDescription = /<meta name="description" content="([^"]*)"/.exec(template)?.[1] ?? '';
  const title = page.meta ? escapeHtml(page.meta.title) : defaultTitle;
  const description = page.meta?.description ? escapeHtml(page.meta.description) : defaultDescription;
  const url = `${PUBLIC_URL_TOKEN}${pagePath === '/' ? '/' : pagePath}`;
  // The page's own screen and texts, and the data it shows first, fetched beside the entry instead of after it has run:
  // asked for with the entry's, ahead of the styles (whose inlined fonts would hold them back on a slow network).
  const preloads = [
    ...modules.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
    ...page.reads.map((read) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(read)}">`),
  ];
  const head = [
    `<link rel="canonical" href="${url}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="GrouaRock" />',
    '<meta property="og:locale" content="pl_PL" />',
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    '<meta name="twitter:card" content="summary" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    // The catalogue's size, which the server writes in at boot: the page reads it before hydrating (src/lib/station-count.ts).
    `<meta name="${STATION_COUNT_META}" content="${PRERENDERED_STATION_COUNT}" />`,
    page.styles,
  ].join('\n    ');
  const styles = /\n(\s*)<(?:style>|link rel="stylesheet")/.exec(template);
  const withPreloads = styles
    ? `${template.slice(0, styles.index)}\n${styles[1]}${preloads.join(`\n${styles[1]}`)}${template.slice(styles.index)}`
    : template.replace('</head>', () => `  ${preloads.join('\n    ')}\n  </head>`);
  const filled = withPreloads
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, () => `<meta name="description" content="${description}"`)
    .replace('</head>', () => `  ${head}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
  if (!filled.includes(page.html)) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
  return filled;
}

export function sitemap(paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${PUBLIC_URL_TOKEN}${p}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Crawlers are welcome on the public pages; the API, the account screens and sign-in are not pages to index. */
export function robots(): string {
  return ['User-agent: *', 'Disallow: /api/v1/', 'Disallow: /api-docs', 'Disallow: /auth', 'Disallow: /profile', '', `Sitemap: ${PUBLIC_URL_TOKEN}/sitemap.xml`, ''].join('\n');
}
