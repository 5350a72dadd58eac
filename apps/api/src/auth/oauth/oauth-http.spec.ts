import { HttpService } from '@nestjs/axios';
import axios from 'axios';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2 } from 'oauth';
import { OAuthHttp } from './oauth-http';

describe('OAuthHttp', () => {
  let server: Server;
  let base: string;
  const seen: { method?: string; url?: string; body: string; headers: IncomingMessage['headers'] }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, body, headers: req.headers });
        if (req.url === '/token') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"at-1","refresh_token":"rt-1","scope":"email"}');
        if (req.url?.startsWith('/me')) return res.writeHead(200).end('{"id":"42"}');
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_token"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A passport strategy's OAuth 2 client, sent through axios; `sent` counts what axios itself sent. */
  function client(): { oauth2: OAuth2; sent: string[] } {
    const instance = axios.create();
    const sent: string[] = [];
    instance.interceptors.request.use((config) => {
      sent.push(`${config.method?.toUpperCase()} ${config.url}`);
      return config;
    });
    const strategy = { _oauth2: new OAuth2('client-1', 'secret-1', base, '/authorize', '/token') };
    new OAuthHttp(new HttpService(instance)).attach(strategy);
    return { oauth2: strategy._oauth2, sent };
  }

  it('exchanges the code through axios, with the form body the provider expects', async () => {
    const { oauth2, sent } = client();
    const result = await new Promise<unknown[]>((resolve, reject) =>
      oauth2.getOAuthAccessToken('code-1', { grant_type: 'authorization_code' }, (e, ...rest) => (e ? reject(e) : resolve(rest))),
    );
    expect(result).toEqual(['at-1', 'rt-1', { access_token: 'at-1', scope: 'email' }]);
    expect(sent).toEqual([`POST ${base}/token`]);
    const request = seen[seen.length - 1];
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(request.body).get('code')).toBe('code-1');
    expect(Number(request.headers['content-length'])).toBe(Buffer.byteLength(request.body));
  });

  it('reads a profile, and reports an answer outside 2xx as passport expects', async () => {
    const { oauth2, sent } = client();
    const body = await new Promise<string | undefined>((resolve, reject) => oauth2.get(`${base}/me`, 'at-1', (e, data) => (e ? reject(e) : resolve(data as string))));
    expect(body).toBe('{"id":"42"}');
    expect(seen[seen.length - 1].url).toBe('/me?access_token=at-1');
    const failure = await new Promise<unknown>((resolve) => oauth2.get(`${base}/nope`, 'bad', (e) => resolve(e)));
    expect(failure).toEqual({ statusCode: 401, data: '{"error":"invalid_token"}' });
    expect(sent).toEqual([`GET ${base}/me?access_token=at-1`, `GET ${base}/nope?access_token=bad`]);
  });

  it('passes a connection failure on as an error', async () => {
    const strategy = { _oauth2: new OAuth2('client-1', 'secret-1', 'http://127.0.0.1:1', '/authorize', '/token') };
    new OAuthHttp(new HttpService(axios.create())).attach(strategy);
    const failure = await new Promise<unknown>((resolve) => strategy._oauth2.getOAuthAccessToken('code', {}, (e) => resolve(e)));
    expect(failure).toMatchObject({ code: 'ECONNREFUSED' });
  });
});
