import { WebSocket } from 'ws';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
export type Json = any;

/** Calls of the studio's API as one signed-in user. */
export function studioClient(base: string, token: string, ip: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': ip };
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return {
    call,
    generate: (body: Record<string, unknown>) => call('POST', '/studio/generate', body),
    status: (ids: string[]) => call('POST', '/studio/status', { task_ids: ids }),
    usage: () => call('GET', '/studio/usage'),
    /** Polls status as the page does (but faster) until the generation has ended. */
    async finished(id: string, timeoutMs = 30_000): Promise<Json> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { status, body } = await call('POST', '/studio/status', { task_ids: [id] });
        if (status !== 200) throw new Error(`status answered ${status}: ${JSON.stringify(body)}`);
        if (body.completed) return body;
        if (Date.now() > deadline) throw new Error(`generation ${id} did not finish: ${JSON.stringify(body)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
  };
}

/** The user's realtime channel, keeping what arrives. */
export async function userChannel(base: string, token: string, userId: string): Promise<{ frames: Json[]; close: () => void }> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/realtime?token=${encodeURIComponent(token)}`);
  const frames: Json[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ action: 'subscribe', channel: `user.${userId}` }));
  const deadline = Date.now() + 5000;
  while (!frames.some((f) => f.type === 'subscribed')) {
    if (Date.now() > deadline) throw new Error(`not subscribed: ${JSON.stringify(frames)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { frames, close: () => socket.close() };
}
