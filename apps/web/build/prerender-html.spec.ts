/** @jest-environment node */
import { PRERENDERED_ORIGIN } from '../src/lib/site-origin';
import { PRERENDERED_STATION_COUNT } from '../src/lib/station-count';
import { pageFile, pageHtml, robots, sitemap } from './prerender-html';

const template = `<!doctype html>
<html lang="pl">
  <head>
    <meta name="description" content="Domyślny opis" />
    <title>GrouaRock — radio</title>
    <script type="module" src="/assets/index.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

describe('pageHtml', () => {
  const page = { html: '<main><h1>Radio Online</h1></main>', styles: '<style data-emotion="css a1">.css-a1{color:red;}</style>', reads: [] };

  it("puts the first screen in #root, the styles in <head> and the page's own title, description, canonical link and cards", () => {
    const html = pageHtml(template, '/radio', { ...page, meta: { title: 'Radio Online — GrouaRock', description: 'Stacje "rockowe" & punkowe' } });
    expect(html).toContain('<div id="root"><main><h1>Radio Online</h1></main></div>');
    expect(html).toContain('<title>Radio Online — GrouaRock</title>');
    expect(html).toContain('<meta name="description" content="Stacje &quot;rockowe&quot; &amp; punkowe"');
    expect(html).toContain(`<link rel="canonical" href="${PRERENDERED_ORIGIN}/radio" />`);
    expect(html).toContain(`<meta property="og:url" content="${PRERENDERED_ORIGIN}/radio" />`);
    expect(html).toContain('<meta property="og:title" content="Radio Online — GrouaRock" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain(`<meta name="grouarock:station-count" content="${PRERENDERED_STATION_COUNT}" />`);
    expect(html.indexOf('<style data-emotion')).toBeLessThan(html.indexOf('</head>'));
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it("keeps the site's title and description for a page that sets none, and / as its canonical address", () => {
    const html = pageHtml(template, '/', { ...page, meta: null });
    expect(html).toContain('<title>GrouaRock — radio</title>');
    expect(html).toContain('<meta property="og:description" content="Domyślny opis" />');
    expect(html).toContain(`<link rel="canonical" href="${PRERENDERED_ORIGIN}/" />`);
  });

  it('takes the page text as it is, $ patterns included', () => {
    expect(pageHtml(template, '/api', { html: "<p>$& $' $1</p>", styles: '', meta: { title: '$$' }, reads: [] })).toContain("<div id=\"root\"><p>$& $' $1</p></div>");
  });

  it('preloads the scripts of the screen and the API reads of its first screen', () => {
    const html = pageHtml(template, '/radio', { ...page, meta: null, reads: ['/api/v1/radio/stations'] }, ['/assets/radio-page-1.js']);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/radio-page-1.js">');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/v1/radio/stations">');
  });

  it('runs the start script in place of the entry, which it names and preloads, with the stylesheets inline', () => {
    const built = template.replace(
      '<script type="module" src="/assets/index.js"></script>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/app-1.js">\n    <link rel="stylesheet" crossorigin href="/assets/app-1.css">',
    );
    const css = '@font-face{font-family:Bebas Neue;src:url(/assets/bebas-1.woff2)format("woff2")}';
    const html = pageHtml(built, '/', { ...page, meta: null }, [], { start: '/assets/start-1.js', stylesheets: { '/assets/app-1.css': css } });
    expect(html).toContain('<script type="module" crossorigin src="/assets/start-1.js" data-app="/assets/index-1.js"></script>');
    expect(html).not.toContain('src="/assets/index-1.js"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/index-1.js">');
    expect(html).toContain(`<style>${css}</style>`);
    expect(html).not.toContain('rel="preload" as="font"');
    // The stylesheet's link neither fetched nor applied: its rules are in already.
    expect(html.match(/<link [^>]*app-1\.css[^>]*>/g)).toEqual(['<link rel="stylesheet" crossorigin href="/assets/app-1.css" disabled>']);
  });

  it("asks for the screen's scripts and reads with the entry's, ahead of the inlined styles and their fonts", () => {
    const built = template.replace(
      '<script type="module" src="/assets/index.js"></script>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/app-1.js">\n    <link rel="stylesheet" crossorigin href="/assets/app-1.css">',
    );
    const css = '@font-face{font-family:Bebas Neue;src:url(data:font/woff2;base64,d09G)format("woff2")}';
    const first = { start: '/assets/start-1.js', stylesheets: { '/assets/app-1.css': css } };
    const html = pageHtml(built, '/radio', { ...page, meta: null, reads: ['/api/v1/radio/stations'] }, ['/assets/radio-page-1.js'], first);
    const at = (text: string) => html.indexOf(text);
    expect(at('href="/assets/app-1.js"')).toBeLessThan(at('href="/assets/radio-page-1.js"'));
    expect(at('href="/assets/radio-page-1.js"')).toBeLessThan(at('href="/api/v1/radio/stations"'));
    expect(at('href="/api/v1/radio/stations"')).toBeLessThan(at(`<style>${css}</style>`));
    expect(html).toContain('\n    <link rel="modulepreload" crossorigin href="/assets/radio-page-1.js">\n    <link rel="preload" as="fetch"');
  });

  it('refuses a template without an empty root to fill', () => {
    expect(() => pageHtml(template.replace('<div id="root"></div>', '<div id="app"></div>'), '/', { ...page, meta: null })).toThrow(/root/);
  });
});

describe('sitemap, robots and files', () => {
  it('lists every page at the site address', () => {
    expect(sitemap(['/', '/radio'])).toContain(`<url><loc>${PRERENDERED_ORIGIN}/radio</loc></url>`);
    expect(robots()).toContain(`Sitemap: ${PRERENDERED_ORIGIN}/sitemap.xml`);
    expect(robots()).toContain('Disallow: /api/v1/');
  });

  it('names each page file after its path', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/radio')).toBe('radio.html');
    expect(pageFile('/tutorial/konto-i-sesje')).toBe('tutorial/konto-i-sesje.html');
  });
});
