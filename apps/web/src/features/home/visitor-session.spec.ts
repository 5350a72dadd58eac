import { registerVisitOnce, sessionIdKey, sessionVisitorId, storedVisit, visitKey, type VisitStorage } from './visitor-session';

function memoryStorage(initial: Record<string, string> = {}): VisitStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

const idA = '11111111-2222-4333-8444-555555555555';
const idB = '66666666-7777-4888-9999-aaaaaaaaaaaa';

describe('sessionVisitorId', () => {
  it('creates a UUID on the first call of a session and keeps it', () => {
    const storage = memoryStorage();
    const newId = jest.fn().mockReturnValueOnce(idA).mockReturnValueOnce(idB);
    expect(sessionVisitorId(storage, newId)).toBe(idA);
    expect(sessionVisitorId(storage, newId)).toBe(idA);
    expect(newId).toHaveBeenCalledTimes(1);
    expect(storage.data[sessionIdKey]).toBe(idA);
  });

  it('replaces a stored value that is not a UUID', () => {
    const storage = memoryStorage({ [sessionIdKey]: 'not-a-uuid' });
    expect(sessionVisitorId(storage, () => idB)).toBe(idB);
  });

  it('uses crypto.randomUUID by default', () => {
    const id = sessionVisitorId(memoryStorage());
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('storedVisit', () => {
  it('reads a well-formed answer and ignores anything else', () => {
    expect(storedVisit(memoryStorage())).toBeNull();
    expect(storedVisit(memoryStorage({ [visitKey]: '{bad json' }))).toBeNull();
    expect(storedVisit(memoryStorage({ [visitKey]: JSON.stringify({ count: 'many' }) }))).toBeNull();
    expect(storedVisit(memoryStorage({ [visitKey]: JSON.stringify({ count: 7, winner: false, winnerAt: null }) }))).toEqual({
      count: 7,
      winner: false,
      winnerAt: null,
    });
  });
});

describe('registerVisitOnce', () => {
  it('asks the server once per session with the session id and keeps the answer', async () => {
    const storage = memoryStorage();
    const register = jest.fn().mockResolvedValue({ count: 1000, winner: true, winnerAt: '2026-01-01T00:00:00.000Z' });

    const [first, second] = await Promise.all([registerVisitOnce(register, storage, () => idA), registerVisitOnce(register, storage, () => idB)]);
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith(idA);
    expect(first).toEqual(second);

    // A later load in the same session reuses the answer: the visitor keeps their number and the banner.
    await expect(registerVisitOnce(register, storage)).resolves.toEqual({ count: 1000, winner: true, winnerAt: '2026-01-01T00:00:00.000Z' });
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('stores nothing when the call fails, so the next load tries again with the same id', async () => {
    const storage = memoryStorage();
    const register = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ count: 3, winner: false, winnerAt: null });
    await expect(registerVisitOnce(register, storage, () => idA)).rejects.toThrow('offline');
    expect(storage.data[visitKey]).toBeUndefined();
    await expect(registerVisitOnce(register, storage, () => idB)).resolves.toMatchObject({ count: 3 });
    expect(register).toHaveBeenNthCalledWith(2, idA);
  });
});
