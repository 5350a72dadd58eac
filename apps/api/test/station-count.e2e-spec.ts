import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';
import { repoRoot } from './support/repo-root';

// The home page and /radio say how many stations the catalogue the server serves has: a STATIONS_FILE of its own size,
// not the built-in catalogue's, is the number in the prerendered pages (core/http/prerendered-pages.ts writes it in at boot).

const webRoot = path.join(repoRoot(), 'dist/apps/web');

describe('the station count on the prerendered home page', () => {
  let db: TestDatabase;
  let app: NestFastifyApplication;
  let base: string;
  let dataDir: string;
  const builtIn = JSON.parse(readFileSync(path.join(repoRoot(), 'apps/api/src/radio/catalogue/stations.json'), 'utf8')) as unknown[];
  // Three stations of the built-in catalogue: a count no build could have written in.
  const catalogue = builtIn.slice(0, 3);

  beforeAll(async () => {
    if (!existsSync(path.join(webRoot, '.pages', 'index.html'))) throw new Error(`${webRoot} has no prerendered pages: build the web app first (npx nx run web:build)`);
    dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-station-count-'));
    const stationsFile = path.join(dataDir, 'stations.json');
    writeFileSync(stationsFile, JSON.stringify(catalogue));
    db = await createTestDatabase();
    app = await startTestApp(db.url, { DATA_DIR: dataDir, STATIONS_FILE: stationsFile }, webRoot);
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is the size of the server's STATIONS_FILE, in the texts, the description and the meta element the page hydrates with", async () => {
    const html = await (await fetch(`${base}/`)).text();
    expect(builtIn.length).not.toBe(catalogue.length);
    expect(html).not.toContain('__GROUAROCK_STATION_COUNT__');
    expect(html).toContain('<meta name="grouarock:station-count" content="3" />');
    expect(html).toMatch(/<meta name="description" content="[^"]*\(stacje w katalogu: 3\)/);
    expect(html).toContain('Stacje rockowe i punkowe z całego świata (w katalogu: 3), dostępne 24/7.');
    expect(html).toMatch(/>3<\/span><span[^>]*>Stacje radiowe<\/span>/);
  });

  it("is /radio's subtitle too, in the page as prerendered and served", async () => {
    const html = await (await fetch(`${base}/radio`)).text();
    expect(html).toContain('<meta name="grouarock:station-count" content="3" />');
    expect(html).toContain('Stacje radiowe dostępne 24/7 (w katalogu: 3)');
    expect(html).not.toContain('50+ stacji');
  });

  it('agrees with the catalogue the API lists', async () => {
    const stations = (await (await fetch(`${base}/api/v1/radio/stations`)).json()) as unknown[];
    expect(stations).toHaveLength(3);
  });
});
