import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

/** The public pages the build prerendered, as the sitemap lists them (paths). */
async function sitemapPaths(request: APIRequestContext, origin: string): Promise<string[]> {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/);
  const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  for (const location of locations) expect(location.startsWith(`${origin}/`)).toBe(true);
  return locations.map((location) => location.slice(origin.length));
}

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

/**
 * Loads `path` holding back the app's scripts until the prerendered heading is in the document, then lets them run:
 * returns once React has taken the page over, with whether the heading it attached to is the one the HTML brought.
 */
async function hydrate(page: Page, path: string): Promise<{ kept: boolean; heading: string }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  const prerendered = await page.waitForSelector('main h1', { state: 'attached' });
  const heading = (await prerendered.textContent()) ?? '';
  await prerendered.evaluate((element) => ((window as unknown as { prerenderedHeading: Element }).prerenderedHeading = element));
  release();
  // React marks each element it owns with its fiber: the heading on screen is React's once hydration reached it.
  await page.waitForFunction(() => {
    const element = document.querySelector('main h1');
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  });
  const kept = await page.evaluate(() => document.querySelector('main h1') === (window as unknown as { prerenderedHeading: Element }).prerenderedHeading);
  return { kept, heading };
}

test.describe('prerendered public pages', () => {
  test('every page of the sitemap comes as HTML with its first screen, its own title, description, canonical link and cards', async ({ request, baseURL }) => {
    const origin = baseURL as string;
    const paths = await sitemapPaths(request, origin);
    expect(paths).toEqual(expect.arrayContaining(['/', '/radio', '/events', '/subscription', '/api', '/ai-studio', '/support', '/about', '/tutorials']));
    expect(paths.some((p) => p.startsWith('/tutorial/'))).toBe(true);
    const titles = new Set<string>();
    for (const path of paths) {
      const response = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
      expect({ path, status: response.status(), encoding: response.headers()['content-encoding'] }).toEqual({ path, status: 200, encoding: 'br' });
      expect(response.headers()['cache-control']).toBe('no-cache');
      const html = await response.text();
      expect(html).not.toContain('__GROUAROCK_PUBLIC_URL__');
      expect(html).not.toContain('__GROUAROCK_STATION_COUNT__');
      const title = attribute(html, /<title>([^<]+)<\/title>/) as string;
      const description = attribute(html, /<meta name="description" content="([^"]+)"/);
      expect({ path, heading: /<main[^>]*>[\s\S]*<h1[^>]*>/.test(html) }).toEqual({ path, heading: true });
      expect(attribute(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${origin}${path}`);
      expect(attribute(html, /<meta property="og:url" content="([^"]+)"/)).toBe(`${origin}${path}`);
      expect(attribute(html, /<meta property="og:title" content="([^"]+)"/)).toBe(title);
      expect(attribute(html, /<meta property="og:description" content="([^"]+)"/)).toBe(description);
      expect(attribute(html, /<meta name="twitter:card" content="([^"]+)"/)).toBe('summary');
      expect(attribute(html, /<meta name="twitter:title" content="([^"]+)"/)).toBe(title);
      // The page's styles come with it: nothing waits for the scripts to be laid out.
      expect(html).toMatch(/<style data-emotion="css [^"]+">/);
      titles.add(title);
    }
    // Each page its own title (the home page and /radio, say, are not both the site's default).
    expect(titles.size).toBe(paths.length);
  });

  test('robots.txt lets crawlers in, keeps them off the API and account screens, and names the sitemap', async ({ request, baseURL }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    const text = await robots.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /api/v1/');
    expect(text).toContain('Disallow: /profile');
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('a page is sent again only when it changed, and a trailing slash finds the same page', async ({ request }) => {
    const first = await request.get('/radio');
    const etag = first.headers().etag;
    expect(etag).toMatch(/^"/);
    expect((await request.get('/radio', { headers: { 'if-none-match': etag } })).status()).toBe(304);
    expect(await (await request.get('/radio/')).text()).toBe(await first.text());
    // A client route the build did not prerender is the app's shell, rendered in the browser.
    expect(await (await request.get('/profile')).text()).toContain('<div id="root"></div>');
  });

  for (const path of ['/', '/radio', '/events', '/subscription', '/api', '/ai-studio', '/support', '/tutorials', '/tutorial/konto-i-sesje', '/about']) {
    test(`${path}: React takes the prerendered page over without rendering it anew`, async ({ page }) => {
      const { kept, heading } = await hydrate(page, path);
      expect(heading.trim().length).toBeGreaterThan(0);
      // A mismatch would have React render the page again (and log it: the fixture fails the test on a console error).
      expect(kept).toBe(true);
      await expect(page.locator('main h1')).toHaveText(heading);
    });
  }

  test("/radio's page fetches the stations list with its scripts, and the app shows that answer without asking again", async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/v1/radio/stations') && requests.push(request.url()));
    const html = await (await page.request.get('/radio')).text();
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/v1/radio/stations">');
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/radio-page-[^"]+\.js">/);
    await page.goto('/radio');
    await expect(page.getByTestId('station-grid').getByRole('listitem').first()).toBeVisible();
    expect(requests).toHaveLength(1);
  });

  for (const route of ['/', '/radio']) {
    test(`${route} fetches no font file: its headings' face comes in the page, its text is in the system's face`, async ({ page }) => {
      // A font file shares a phone's slow link with the app's code, which /radio's now-playing hero waits for.
      const fonts: string[] = [];
      page.on('request', (request) => request.resourceType() === 'font' && fonts.push(request.url().slice(0, 80)));
      await page.goto(route);
      await expect(page.locator('main h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => [...document.fonts].filter((font) => font.status === 'loaded').map((font) => font.family.replace(/["']/g, '')))).toContain('Bebas Neue');
      expect(fonts.filter((url) => !url.startsWith('data:'))).toEqual([]);
    });
  }

  test('on a network too slow for the font files, a word is drawn in one font, never with its Polish letters in another', async ({ page }) => {
    // No font file ever answers (a first visit on a slow phone network): whatever the page draws in a web font, the
    // page brought with it.
    await page.route(/\.woff2$/, () => undefined);
    await page.goto('/', { waitUntil: 'commit' });
    const join = page.getByRole('button', { name: 'Dołącz teraz' });
    await expect(join).toBeVisible();
    // Once the display face is in and the page has been laid out with it.
    await page.evaluate(async () => {
      await document.fonts.load('1em "Bebas Neue"', 'Dołącz');
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    /** The fonts the browser drew an element's text in. */
    const fontsOf = async (selector: string) => {
      const { root } = await cdp.send('DOM.getDocument');
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      return fonts.map((font) => font.familyName);
    };
    await join.evaluate((button) => button.setAttribute('data-font-probe', 'join'));
    // "Dołącz": Polish letters beside latin ones, drawn in one font: the display face, or the fallback throughout on a
    // machine too busy to decode it within `font-display: optional`'s window (libs/ui's fonts.css: one file for the face).
    expect(await fontsOf('[data-font-probe="join"]')).toHaveLength(1);
    expect(await fontsOf('main h1')).toHaveLength(1);
  });

  test('a visitor who chose English gets the page in English, rendered in the browser', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('grouarock.locale', '"en"'));
    await page.goto('/radio');
    await expect(page.locator('main h1')).toHaveText('Online Radio');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
