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

/**
 * index.html of the build with a page's first screen in #root, its styles, the scripts of its lazy parts and the API
 * reads of its first screen to preload, and its own title, description and cards.
 */
export function pageHtml(template: string, pagePath: string, page: RenderedPage, modules: readonly string[] = []): string {
  const defaultTitle = /<title>([^<]*)<\/title>/.exec(template)?.[1] ?? '';
  const defaultDescription = /<meta name="description" content="([^"]*)"/.exec(template)?.[1] ?? '';
  const title = page.meta ? escapeHtml(page.meta.title) : defaultTitle;
  const description = page.meta?.description ? escapeHtml(page.meta.description) : defaultDescription;
  const url = `${PUBLIC_URL_TOKEN}${pagePath === '/' ? '/' : pagePath}`;
  const head = [
    // The page's own screen and texts, and the data it shows first, fetched beside the entry instead of after it has run.
    ...modules.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
    ...page.reads.map((read) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(read)}">`),
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
  const filled = template
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
