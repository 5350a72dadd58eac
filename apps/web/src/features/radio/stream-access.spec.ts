import { PASS_WAIT_MS, StreamAccess } from './stream-access';
import type { StreamAccessApi } from './api/stream-ticket';

/** A server whose radio pass answers when the test says so. */
function fakeServer(ticket: string | null = 't.sig') {
  const calls: string[] = [];
  let answerPass = () => undefined as void;
  const api: StreamAccessApi = {
    setPass: () => {
      calls.push('pass');
      return new Promise<void>((resolve) => (answerPass = resolve));
    },
    ticket: async (stationId) => {
      calls.push(`ticket ${stationId}`);
      return ticket;
    },
  };
  return { api, calls, answerPass: () => answerPass() };
}

const station = { id: 'fip-rock', name: 'FIP Rock' };
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('StreamAccess', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('connects a signed-out listener at once, with a ticket in the address', async () => {
    const { api, calls } = fakeServer();
    const access = new StreamAccess(api);
    access.follow(null);
    await expect(access.sourceOf(station)).resolves.toEqual({ id: 'fip-rock', name: 'FIP Rock', url: '/api/v1/radio/fip-rock/stream?ticket=t.sig' });
    expect(calls).toEqual(['ticket fip-rock']);
  });

  it('makes a play pressed right after signing in wait for the radio pass', async () => {
    const server = fakeServer(null);
    const access = new StreamAccess(server.api);
    access.follow('user-1');
    let source: unknown;
    void access.sourceOf(station).then((s) => (source = s));
    await settled();
    expect(source).toBeUndefined();
    server.answerPass();
    await settled();
    // A plan without ads gets no ticket: the plain address, on the pass.
    expect(source).toEqual({ id: 'fip-rock', name: 'FIP Rock', url: '/api/v1/radio/fip-rock/stream' });
    // The same account again (a re-render, a refreshed token) asks for no second pass.
    access.follow('user-1');
    expect(server.calls.filter((c) => c === 'pass')).toHaveLength(1);
  });

  it('while the sign-in state is being read, waits for it, then for the pass it turns out to need', async () => {
    const server = fakeServer();
    const access = new StreamAccess(server.api);
    access.follow(undefined);
    let source: unknown;
    void access.sourceOf(station).then((s) => (source = s));
    await settled();
    access.follow('user-2');
    await settled();
    expect(source).toBeUndefined();
    server.answerPass();
    await settled();
    expect(source).toMatchObject({ url: '/api/v1/radio/fip-rock/stream?ticket=t.sig' });
  });

  it('connects anyway when the pass does not come, or the ticket fails', async () => {
    jest.useFakeTimers();
    const server = fakeServer();
    server.api.ticket = () => Promise.reject(new Error('ad_break_due'));
    const access = new StreamAccess(server.api);
    access.follow('user-3');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const source = access.sourceOf(station);
    await jest.advanceTimersByTimeAsync(PASS_WAIT_MS);
    await expect(source).resolves.toMatchObject({ url: '/api/v1/radio/fip-rock/stream' });
  });
});
