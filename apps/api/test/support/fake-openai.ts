import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible chat server (POST /v1/chat/completions, streaming) for the assistant's model path. What
 * it does is chosen by a word in the last user message:
 * - `tool`: first asks for the list_stations tool (arguments split over three chunks), then answers from the result;
 * - `ratelimit`: 429 once, then the normal answer (the SDK retries);
 * - `badkey`: 401;
 * - `stall`: sends a first chunk, then nothing;
 * - `nofinish`: a whole answer, but the stream ends without a finish reason;
 * - `empty`: finishes with no text;
 * - anything else: "Grają u nas /radio." in two chunks.
 */
export class FakeOpenAi {
  readonly key = 'sk-test-assistant';
  /** How long the plain answer's first piece takes, as a real model thinks before its first token (the bench sets it). */
  firstTokenDelayMs = 0;
  base = '';
  /** Every request body, in order. */
  readonly requests: { messages: { role: string; content: string | null; tool_call_id?: string }[]; tools?: unknown[] }[] = [];
  private server?: Server;
  private rateLimited = 0;
  private readonly open = new Set<ServerResponse>();

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this.base;
  }

  /** Streams still open (a reply that stalls stays open until the asker lets go). */
  get openStreams(): number {
    return this.open.size;
  }

  async stop(): Promise<void> {
    for (const res of this.open) res.destroy();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as FakeOpenAi['requests'][number];
    this.requests.push(body);
    const user = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.url !== '/v1/chat/completions') return void json(404, { error: { message: 'not found' } });
    if (user.includes('badkey') || req.headers.authorization !== `Bearer ${this.key}`) return void json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
    if (user.includes('ratelimit') && this.rateLimited++ % 2 === 0) {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' }).end(JSON.stringify({ error: { message: 'Rate limit reached', type: 'requests' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    this.open.add(res);
    res.once('close', () => this.open.delete(res));
    const send = (delta: object, finish: string | null = null) =>
      res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    const end = (): void => void res.end('data: [DONE]\n\n');

    const toolResult = body.messages.find((m) => m.role === 'tool');
    if (user.includes('tool') && !toolResult) {
      send({ role: 'assistant', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'list_stations', arguments: '{"coun' } }] });
      send({ tool_calls: [{ index: 0, function: { arguments: 'try":"de","gen' } }] });
      send({ tool_calls: [{ index: 0, function: { arguments: 're":"metal"}' } }] }, 'tool_calls');
      return end();
    }
    if (toolResult) {
      const names = (JSON.parse(toolResult.content ?? '{}') as { stations: { name: string }[] }).stations.map((s) => s.name);
      send({ role: 'assistant', content: `Metal z Niemiec: ${names.join(', ')}. ` });
      send({ content: 'Posłuchaj na /radio.' }, 'stop');
      return end();
    }
    if (user.includes('stall')) {
      send({ role: 'assistant', content: 'Zaraz' });
      return;
    }
    if (user.includes('nofinish')) {
      send({ role: 'assistant', content: 'Odpowiedź bez końca' });
      return end();
    }
    if (user.includes('empty')) {
      send({ role: 'assistant', content: '' }, 'stop');
      return end();
    }
    if (this.firstTokenDelayMs) await new Promise((resolve) => setTimeout(resolve, this.firstTokenDelayMs));
    send({ role: 'assistant', content: 'Grają u nas ' });
    send({ content: '/radio.' }, 'stop');
    end();
  }
}
