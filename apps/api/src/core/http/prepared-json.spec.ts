import express from 'express';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { request, type Server } from 'node:http';
import { etagAndFreshness } from './answer-etag';
import { ApiFastifyAdapter } from './api-fastify-adapter';
import { PreparedJson, PreparedJsonCache } from './prepared-json';

const value = { stations: [{ id: 'fip-rock', name: 'FIP Rock – ąęł', listeners: 3, nowPlaying: null }], note: '</script>' };

describe('PreparedJson sent by ApiFastifyAdapter', () => {
  let fastify: FastifyInstance;
  let base: string;
  const prepared = new PreparedJson(value);

  beforeAll(async () => {
    const adapter = new ApiFastifyAdapter();
    fastify = adapter.getInstance();
    fastify.addHook('onSend', etagAndFreshness);
    fastify.get('/as-json', (_req, reply) => void reply.send(value));
    fastify.get('/prepared', (_req, reply) => void adapter.reply(reply, prepared));
    fastify.get('/created', (_req, reply) => void adapter.reply(reply, prepared, 201));
    fastify.get('/plain', (_req, reply) => void adapter.reply(reply, { plain: true }));
    base = await fastify.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(() => fastify.close());

  /** Express's res.json of the value, as every answer was sent before the move to Fastify. */
  const express_ = async <T>(use: (base: string) => Promise<T>): Promise<T> => {
    const app = express();
    app.get('/as-json', (_req, res) => void res.json(value));
    const server: Server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  };

  it("answers with the same bytes, type and ETag as Express's res.json of the value did", async () => {
    const before = await express_(async (url) => {
      const res = await fetch(`${url}/as-json`);
      return { type: res.headers.get('content-type'), etag: res.headers.get('etag'), body: Buffer.from(await res.arrayBuffer()) };
    });
    const sent = await fetch(`${base}/prepared`);
    expect({ type: sent.headers.get('content-type'), etag: sent.headers.get('etag'), body: Buffer.from(await sent.arrayBuffer()) }).toEqual(before);
  });

  const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive' && name !== 'connection'));

  it('answers with the same bytes and headers as the value sent by Fastify', async () => {
    const [json, sent] = await Promise.all([fetch(`${base}/as-json`), fetch(`${base}/prepared`)]);
    expect(sent.status).toBe(200);
    expect(headersOf(sent)).toEqual(headersOf(json));
    expect(headersOf(sent)).toMatchObject({ 'content-type': 'application/json; charset=utf-8', etag: expect.stringMatching(/^W\/"/) });
    expect(Buffer.from(await sent.arrayBuffer())).toEqual(Buffer.from(await json.arrayBuffer()));
  });

  /** A conditional GET as a browser's cache sends it (fetch would add Cache-Control: no-cache, which asks for the body). */
  const revalidate = (etag: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      request(`${base}/prepared`, { headers: { 'if-none-match': etag } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
        .on('error', reject)
        .end();
    });

  it('answers 304 without a body to a matching If-None-Match, and the whole answer to another', async () => {
    const etag = (await fetch(`${base}/prepared`)).headers.get('etag')!;
    expect(await revalidate(etag)).toEqual({ status: 304, body: '' });
    const stale = await revalidate('W/"1-other"');
    expect(stale.status).toBe(200);
    expect(JSON.parse(stale.body)).toEqual(value);
  });

  it('answers HEAD with the headers alone, and keeps a status the handler set', async () => {
    const head = await fetch(`${base}/prepared`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(prepared.body.length));
    expect(await head.text()).toBe('');
    expect((await fetch(`${base}/created`)).status).toBe(201);
  });

  it('leaves every other answer to Nest as before', async () => {
    const plain = await fetch(`${base}/plain`);
    expect(await plain.json()).toEqual({ plain: true });
  });
});

describe('PreparedJsonCache', () => {
  it('serializes once while the inputs stay the same, and again when any one of them changes', () => {
    const cache = new PreparedJsonCache();
    const list = [{ id: 'a' }];
    const make = jest.fn((listeners: number) => ({ list, listeners }));
    const first = cache.get('all', [list, 1], () => make(1));
    expect(cache.get('all', [list, 1], () => make(1))).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
    const changed = cache.get('all', [list, 2], () => make(2));
    expect(changed).not.toBe(first);
    expect(JSON.parse(changed.body.toString())).toEqual({ list, listeners: 2 });
    expect(cache.get('all', [[{ id: 'a' }], 2], () => make(2))).not.toBe(changed); // an equal list read anew is another input
    expect(make).toHaveBeenCalledTimes(3);
  });

  it('keeps each key apart, and at most `max` of them, dropping the least recently used', () => {
    const cache = new PreparedJsonCache(2);
    const a = cache.get('a', [], () => 'a');
    const b = cache.get('b', [], () => 'b');
    expect(cache.get('a', [], () => 'a again')).toBe(a);
    cache.get('c', [], () => 'c'); // b is the least recently used
    expect(cache.get('a', [], () => 'a again')).toBe(a);
    expect(cache.get('b', [], () => 'b again')).not.toBe(b);
  });
});
