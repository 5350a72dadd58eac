import { installFakeCaches } from '../../testing/fake-cache-storage';
import { OFFLINE_CACHE } from './offline-keys';
import { anythingKept, forgetAllOf, forgetOffline, keepOffline, listOffline, persistStorage, storageEstimate } from './offline-store';

const persist = jest.fn(async () => true);
let persisted = false;

beforeEach(() => {
  installFakeCaches();
  persist.mockClear();
  persisted = false;
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  Object.defineProperty(navigator, 'storage', {
    value: { estimate: async () => ({ usage: 3_000_000, quota: 1_000_000_000 }), persisted: async () => persisted, persist },
    configurable: true,
  });
});

const audio = (size: number) => new Blob([new Uint8Array(size)], { type: 'audio/mpeg' });

describe('the offline store', () => {
  it('keeps a file with what lists it, each account seeing only its own', async () => {
    await keepOffline({ kind: 'studio', id: 't1', title: 'Nocna jazda', owner: 'u1' }, audio(1200));
    await keepOffline({ kind: 'recording', id: 'r1', title: 'Radio Nowy Świat.webm', owner: 'u1' }, new Blob([new Uint8Array(50)], { type: 'audio/webm' }));
    await keepOffline({ kind: 'studio', id: 't9', title: 'Cudzy', owner: 'u2' }, audio(10));

    const mine = await listOffline('u1');
    expect(mine.map((item) => [item.kind, item.id])).toEqual(
      expect.arrayContaining([
        ['studio', 't1'],
        ['recording', 'r1'],
      ]),
    );
    expect(mine).toHaveLength(2);
    expect(mine.find((item) => item.id === 't1')).toMatchObject({ title: 'Nocna jazda', owner: 'u1', size: 1200, url: '/offline-media/studio/t1' });
    expect(mine.find((item) => item.id === 'r1')).toMatchObject({ title: 'Radio Nowy Świat.webm', size: 50 });
    const cached = await (await caches.open(OFFLINE_CACHE)).match('/offline-media/recording/r1');
    expect(cached?.headers.get('content-type')).toBe('audio/webm');
    expect((await listOffline('u2')).map((item) => item.id)).toEqual(['t9']);
  });

  it('forgets one file, or all of an account’s, and says when nothing is kept', async () => {
    await keepOffline({ kind: 'studio', id: 't1', title: 'A', owner: 'u1' }, audio(1));
    await keepOffline({ kind: 'studio', id: 't2', title: 'B', owner: 'u1' }, audio(1));
    await keepOffline({ kind: 'studio', id: 't3', title: 'C', owner: 'u2' }, audio(1));
    await forgetOffline('studio', 't1');
    expect((await listOffline('u1')).map((item) => item.id)).toEqual(['t2']);
    expect(await forgetAllOf('u1')).toBe(1);
    expect(await listOffline('u1')).toEqual([]);
    expect(await anythingKept()).toBe(true);
    expect(await forgetAllOf('u2')).toBe(1);
    expect(await anythingKept()).toBe(false);
  });

  it('gives the storage used and free from the browser’s estimate, and none where it has none', async () => {
    expect(await storageEstimate()).toEqual({ used: 3_000_000, free: 997_000_000 });
    Object.defineProperty(navigator, 'storage', { value: undefined, configurable: true });
    expect(await storageEstimate()).toBeNull();
  });

  it('asks for persistent storage only while it is not granted', async () => {
    await persistStorage();
    expect(persist).toHaveBeenCalledTimes(1);
    persisted = true;
    await persistStorage();
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('lists nothing where the browser cannot keep files', async () => {
    Object.defineProperty(globalThis, 'caches', { value: undefined, configurable: true, writable: true });
    expect(await listOffline('u1')).toEqual([]);
  });
});
