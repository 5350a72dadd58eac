import { randomUUID } from 'node:crypto';
import { useApiUnderTest } from './support/app';

describe('the visitor counter', () => {
  const api = useApiUnderTest();
  let ip = 0;

  // Each visit from its own address, so the per-address request limit stays out of the way.
  const visit = async (sessionId: string) => {
    const res = await fetch(`${api.base}/visitors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.19.${(++ip >> 8) & 255}.${ip & 255}` },
      body: JSON.stringify({ sessionId }),
    });
    return { status: res.status, body: (await res.json()) as { count: number; winner: boolean; winnerAt: string | null } };
  };

  it('counts a browser session once, however often it asks', async () => {
    const session = randomUUID();
    const first = await visit(session);
    expect(first).toEqual({ status: 200, body: { count: 1, winner: false, winnerAt: null } });
    expect((await visit(session)).body.count).toBe(1);
    await Promise.all([visit(session), visit(session), visit(session)]);
    expect((await visit(randomUUID())).body.count).toBe(2);
    expect(await (await fetch(`${api.base}/visitors`)).json()).toEqual({ count: 2, winnerAt: null });
  });

  it('makes exactly one of many concurrent visitors the 1000th, once', async () => {
    await api.db.query('UPDATE visitor_counter SET count = 995');
    const sessions = Array.from({ length: 12 }, () => randomUUID());
    const answers = await Promise.all(sessions.map((s) => visit(s)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const winners = answers.filter((a) => a.body.winner);
    expect(winners).toHaveLength(1);
    const numbers = (await api.db.query<{ number: number }>('SELECT number FROM visitor_sessions WHERE number > 995 ORDER BY number')).map((r) => r.number);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => 996 + i));
    const [counter] = await api.db.query<{ count: number; winner_session_id: string }>('SELECT count, winner_session_id FROM visitor_counter');
    expect(counter.count).toBe(1007);
    const [winner] = await api.db.query<{ session_id: string }>('SELECT session_id FROM visitor_sessions WHERE number = 1000');
    expect(counter.winner_session_id).toBe(winner.session_id);
    // The winner stays the winner when it asks again; nobody else ever becomes one.
    expect((await visit(winner.session_id)).body).toMatchObject({ winner: true, winnerAt: expect.any(String) });
    await api.db.query('UPDATE visitor_counter SET count = 999');
    expect((await visit(randomUUID())).body.winner).toBe(false);
  });

  it('refuses a malformed session id', async () => {
    const res = await visit('not-a-uuid');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fields: ['sessionId'] });
  });
});
