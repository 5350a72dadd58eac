import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Balancer, startBalancer } from './support/balancer';

/**
 * The deployment's balancer (deploy/nginx/templates/grouarock.conf.template, in a real nginx) in front of a replica
 * that answers as the API does: which live answers nginx keeps for the next viewer, and which it always asks for.
 */
describe('the balancer keeps live segments for the viewers', () => {
  let replica: Server;
  let balancer: Balancer;
  /** How many times the replica was asked for each path. */
  const asked = new Map<string, number>();
  /** The segments the replica has (the others are not written yet: 404). */
  const written = new Set(['/api/v1/live/public/seg-1.ts', '/api/v1/live/public/seg-2.ts', '/api/v1/live/public/seg-4.ts', '/api/v1/live/ultra/seg-1.ts']);

  beforeAll(async () => {
    replica = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      asked.set(path, (asked.get(path) ?? 0) + 1);
      // A store read takes a moment.
      const readMs = path.endsWith('/seg-4.ts') ? 700 : 50;
      setTimeout(() => {
        if (path.endsWith('.m3u8')) {
          res.writeHead(200, { 'Content-Type': 'application/vnd.apple.mpegurl', 'Cache-Control': 'no-cache' }).end(`#EXTM3U\n#${asked.get(path)}\n`);
        } else if (!written.has(path)) {
          res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ statusCode: 404, code: 'segment_not_found' }));
        } else {
          const restricted = path.includes('/ultra/');
          res
            .writeHead(200, { 'Content-Type': 'video/mp2t', 'Cache-Control': `${restricted ? 'private' : 'public'}, max-age=31536000, immutable` })
            .end(Buffer.alloc(188 * 100, path.length));
        }
      }, readMs);
    });
    await new Promise<void>((resolve) => replica.listen(0, '127.0.0.1', resolve));
    balancer = await startBalancer([`127.0.0.1:${(replica.address() as AddressInfo).port}`]);
  });

  afterAll(async () => {
    await balancer?.stop();
    await new Promise((resolve) => replica?.close(resolve));
  });

  const get = async (path: string) => {
    const res = await fetch(`${balancer.base}${path}`);
    return { status: res.status, cache: res.headers.get('x-cache'), bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('reads a public segment from a replica once, then gives it to every later viewer itself', async () => {
    const first = await get('/api/v1/live/public/seg-1.ts');
    expect(first).toMatchObject({ status: 200, cache: 'MISS' });
    const later = await Promise.all(Array.from({ length: 20 }, () => get('/api/v1/live/public/seg-1.ts')));
    expect(later.map((r) => [r.status, r.cache])).toEqual(Array(20).fill([200, 'HIT']));
    expect(later.every((r) => r.bytes.equals(first.bytes))).toBe(true);
    expect(first.bytes.length).toBe(188 * 100);
    expect(asked.get('/api/v1/live/public/seg-1.ts')).toBe(1);
  });

  it('does not hold back viewers who ask for a new segment together: none waits for another one’s read', async () => {
    // This read takes the replica 700 ms: a cache lock would hold four of them back for it (and look again only after
    // 500 ms); without one, each goes to a replica at once.
    const together = await Promise.all(Array.from({ length: 5 }, () => get('/api/v1/live/public/seg-4.ts')));
    expect(together.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(asked.get('/api/v1/live/public/seg-4.ts')).toBe(5);
  });

  it('keeps each segment apart', async () => {
    expect(await get('/api/v1/live/public/seg-2.ts')).toMatchObject({ status: 200, cache: 'MISS' });
    expect(await get('/api/v1/live/public/seg-2.ts')).toMatchObject({ status: 200, cache: 'HIT' });
    expect(asked.get('/api/v1/live/public/seg-2.ts')).toBe(1);
  });

  it("never keeps an Ultra-only stream's segments (private): each viewer's access is checked by a replica", async () => {
    for (let i = 0; i < 3; i++) expect((await get('/api/v1/live/ultra/seg-1.ts?access=viewer-token')).status).toBe(200);
    expect(asked.get('/api/v1/live/ultra/seg-1.ts')).toBe(3);
  });

  it('never keeps a playlist (no-cache): each reload gets the newest', async () => {
    const reloads = [];
    for (let i = 0; i < 3; i++) reloads.push((await get('/api/v1/live/public/index.m3u8')).bytes.toString());
    expect(reloads).toEqual(['#EXTM3U\n#1\n', '#EXTM3U\n#2\n', '#EXTM3U\n#3\n']);
  });

  it('does not keep the 404 of a segment asked before it was written', async () => {
    expect((await get('/api/v1/live/public/seg-3.ts')).status).toBe(404);
    written.add('/api/v1/live/public/seg-3.ts');
    expect(await get('/api/v1/live/public/seg-3.ts')).toMatchObject({ status: 200, cache: 'MISS' });
    expect(asked.get('/api/v1/live/public/seg-3.ts')).toBe(2);
  });
});
