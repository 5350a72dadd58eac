/** @jest-environment node */
import { installFakeCaches } from '../../testing/fake-cache-storage';
import { answerFromCache, parseRange, respondFromBody } from './cached-range';
import { OFFLINE_CACHE } from './offline-keys';

const bytes = new Uint8Array(Array.from({ length: 1000 }, (_, i) => i % 256));
const kept = () => new Response(new Blob([bytes], { type: 'audio/mpeg' }), { headers: { 'Content-Type': 'audio/mpeg' } });

describe('a kept file answered from its cached body', () => {
  it('reads one range of the three forms, and refuses what lies beyond the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=50-10', 1000)).toBe('unsatisfiable');
    // Several ranges, another unit or nonsense: the whole file.
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange('bytes=-', 1000)).toBeNull();
  });

  it('answers a media element’s range with 206 and exactly those bytes', async () => {
    const answer = await respondFromBody(kept(), 'bytes=100-199');
    expect(answer.status).toBe(206);
    expect(answer.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(answer.headers.get('content-length')).toBe('100');
    expect(answer.headers.get('content-type')).toBe('audio/mpeg');
    expect(answer.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes.subarray(100, 200));
  });

  it('answers without Range with the whole file, and beyond the end with 416', async () => {
    const whole = await respondFromBody(kept(), null);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe('1000');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
    const beyond = await respondFromBody(kept(), 'bytes=2000-');
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */1000');
  });

  it('finds the file by its URL in the offline cache, and says 404 for one not kept', async () => {
    const storage = installFakeCaches();
    await (await storage.open(OFFLINE_CACHE)).put('http://localhost/offline-media/studio/t1', kept());
    const found = await answerFromCache(new Request('http://localhost/offline-media/studio/t1', { headers: { range: 'bytes=0-9' } }), storage as unknown as CacheStorage);
    expect(found.status).toBe(206);
    expect(new Uint8Array(await found.arrayBuffer())).toEqual(bytes.subarray(0, 10));
    expect((await answerFromCache(new Request('http://localhost/offline-media/studio/t2'), storage as unknown as CacheStorage)).status).toBe(404);
  });
});
