import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/core/config/config';
import type { DirectoryStation } from '../../src/radio/catalogue-import/radio-browser';
import { Ffmpeg } from '../../src/repositories/ffmpeg';

/** A directory entry as the fake holds it: `path` is where its stream is on the fake (`{base}` is the fake's address). */
export type FakeStation = Omit<DirectoryStation, 'url' | 'url_resolved' | 'homepage'> & { path: string; homepage?: string };

/**
 * A local Radio Browser: `GET /json/stations/search` with the parameters the import sends (tag as a substring of a tag,
 * countrycode and codec exact in any case, hidebroken, order=votes, reverse, limit), recording every request; and the
 * streams its stations point at:
 * - `/streams/good.mp3` and `/streams/good.aac`: a second of a tone, MP3 and AAC (ADTS), made by ffmpeg;
 * - `/streams/redirect-aac`: a 302 to good.aac;
 * - `/streams/missing`: 404; `/streams/page`: an HTML page with 200;
 * - `/streams/hang`: headers, then nothing;
 * - `/streams/ogg`: the start of an Ogg stream.
 */
export class FakeRadioBrowser {
  readonly requests: Array<{ url: URL; userAgent: string | undefined }> = [];
  private server?: Server;
  private mp3 = Buffer.alloc(0);
  private aac = Buffer.alloc(0);
  base = '';

  constructor(private readonly stations: FakeStation[]) {}

  async start(): Promise<string> {
    const ffmpeg = new Ffmpeg(loadConfig({})).binary;
    const encode = (codec: string, format: string) =>
      execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', codec, '-b:a', '128k', '-f', format, 'pipe:1']);
    this.mp3 = encode('libmp3lame', 'mp3');
    this.aac = encode('aac', 'adts');
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.base;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The searches the import made, as their query parameters. */
  searches(): Array<Record<string, string>> {
    return this.requests.filter((r) => r.url.pathname === '/json/stations/search').map((r) => Object.fromEntries(r.url.searchParams));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.base);
    this.requests.push({ url, userAgent: req.headers['user-agent'] });
    if (url.pathname === '/json/stations/search') return this.search(url.searchParams, res);
    switch (url.pathname) {
      case '/streams/good.mp3':
        res.writeHead(200, { 'content-type': 'audio/mpeg' });
        return void res.end(this.mp3);
      case '/streams/good.aac':
        res.writeHead(200, { 'content-type': 'audio/aac' });
        return void res.end(this.aac);
      case '/streams/redirect-aac':
        res.writeHead(302, { location: '/streams/good.aac' });
        return void res.end();
      case '/streams/page':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end('<!doctype html><title>Radio</title><p>Listen on our website</p>');
      case '/streams/hang':
        res.writeHead(200, { 'content-type': 'audio/mpeg' });
        return res.flushHeaders();
      case '/streams/ogg':
        res.writeHead(200, { 'content-type': 'application/ogg' });
        // An Ogg page header (capture pattern, version 0, beginning-of-stream) and some of its body.
        return void res.end(Buffer.concat([Buffer.from('OggS\x00\x02', 'latin1'), Buffer.alloc(4096, 1)]));
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        return void res.end('not found');
    }
  }

  private search(params: URLSearchParams, res: ServerResponse): void {
    const tag = params.get('tag')?.toLowerCase();
    const country = params.get('countrycode')?.toUpperCase();
    const codec = params.get('codec')?.toUpperCase();
    let found = this.stations.filter(
      (s) =>
        (!tag || s.tags.toLowerCase().split(',').some((t) => t.includes(tag))) &&
        (!country || s.countrycode.toUpperCase() === country) &&
        (!codec || s.codec.toUpperCase() === codec) &&
        (params.get('hidebroken') !== 'true' || s.lastcheckok === 1),
    );
    if (params.get('order') === 'votes') found = [...found].sort((a, b) => (params.get('reverse') === 'true' ? b.votes - a.votes : a.votes - b.votes));
    found = found.slice(0, Number(params.get('limit') ?? 100000));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(found.map(({ path, homepage, ...s }) => ({ ...s, url: `${path.replace('{base}', this.base)}`, url_resolved: path.replace('{base}', this.base), homepage: homepage ?? '' }))));
  }
}
