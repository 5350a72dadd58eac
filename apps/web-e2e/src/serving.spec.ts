import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';

const root = path.resolve(__dirname, '../../..');

test.describe('what the server serves', () => {
  test('source maps are built for error reports but never served, and no bundle points at one', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]);
    const preloads = [...html.matchAll(/<link[^>]+href="([^"]+\.js)"/g)].map((m) => m[1]);
    const bundles = [...scripts, ...preloads];
    expect(scripts.length).toBeGreaterThan(0);
    for (const bundle of bundles) {
      const js = await request.get(bundle);
      expect(js.status()).toBe(200);
      expect(await js.text()).not.toContain('sourceMappingURL');
      const map = await request.get(`${bundle}.map`);
      expect({ bundle, status: map.status() }).toEqual({ bundle, status: 404 });
      expect(await map.text()).not.toContain('sourcesContent');
    }
    // The entry's map is there for whoever reads an error report on the server.
    expect(existsSync(path.join(root, 'dist/apps/web-sourcemaps', `${scripts[0]}.map`))).toBe(true);
  });

  test.describe('/api is the web app, /api/v1 and /api/docs the API', () => {
    for (const address of ['/api', '/api/']) {
      test(`${address} renders the app`, async ({ page }) => {
        const response = await page.goto(address);
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-type']).toMatch(/html/);
        await expect(page.getByRole('banner').getByRole('link', { name: 'GrouaRock — strona główna' })).toBeVisible();
      });
    }

    test('the API and its documentation stay where they are', async ({ request }) => {
      expect((await request.get('/api/v1/health')).status()).toBe(200);
      const missing = await request.get('/api/v1/nie-ma');
      expect(missing.status()).toBe(404);
      expect(await missing.json()).toMatchObject({ statusCode: 404 });
      expect((await (await request.get('/api/docs-json')).json()).openapi).toMatch(/^3\./);
    });
  });
});
