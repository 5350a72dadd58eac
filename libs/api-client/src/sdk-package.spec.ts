import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as Sdk from './index';

const root = path.resolve(__dirname, '../../..');

/** `npm run sdk` makes an installable package of this client, and the installed package calls the API. */
describe('the SDK package', () => {
  let installed = '';
  beforeAll(() => {
    execFileSync(process.execPath, [path.join(root, 'scripts/sdk.mjs')], { cwd: root, stdio: 'ignore' });
    const tarball = path.join(root, 'dist/sdk/grouarock-api-client-1.0.0.tgz');
    expect(existsSync(tarball)).toBe(true);
    const project = mkdtempSync(path.join(tmpdir(), 'sdk-user-'));
    execFileSync('npm', ['init', '-y'], { cwd: project, stdio: 'ignore' });
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project, stdio: 'ignore' });
    installed = path.join(project, 'node_modules/@grouarock/api-client');
  }, 120_000);

  it('holds CommonJS, an ES module and type declarations, and no sources', () => {
    const manifest = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as { name: string; version: string; types: string };
    expect(manifest).toMatchObject({ name: '@grouarock/api-client', version: '1.0.0', types: './index.d.ts' });
    for (const file of ['index.js', 'index.mjs', 'index.d.ts', 'index.d.mts', 'README.md']) expect(existsSync(path.join(installed, file))).toBe(true);
    expect(readFileSync(path.join(installed, 'index.d.ts'), 'utf8')).toContain('listStations');
  });

  it('calls the API with a key, as the /api page shows', async () => {
    let seen: { url?: string; authorization?: string } = {};
    const server = createServer((req, res) => {
      seen = { url: req.url, authorization: req.headers.authorization };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ plans: [], streamingPlnPerGb: 0.2 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the package as a CommonJS user loads it
      const sdk = require(installed) as typeof Sdk;
      sdk.apiClient.setConfig({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, headers: { Authorization: 'Bearer grk_example' } });
      const { data } = await sdk.listApiPlans({ throwOnError: true });
      expect(data).toEqual({ plans: [], streamingPlnPerGb: 0.2 });
      expect(seen).toEqual({ url: '/api/v1/developer/plans', authorization: 'Bearer grk_example' });
    } finally {
      server.close();
    }
  });
});
