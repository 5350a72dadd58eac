import { Injectable } from '@nestjs/common';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface UpstreamStream {
  /** The audio, still carrying ICY metadata when `metaint` is set. */
  body: IncomingMessage;
  contentType: string;
  metaint?: number;
  /** The URL that finally answered with audio. */
  url: string;
}

export class UpstreamError extends Error {
  override name = 'UpstreamError';
}

const PLAYLIST_TYPES = /(audio\/x-scpls|audio\/x-mpegurl|audio\/mpegurl|application\/pls\+xml)/i;
const HLS = /(application\/vnd\.apple\.mpegurl|\.m3u8(\?|$))/i;

/** A station's stream over HTTP(S): follows redirects, resolves .pls and .m3u playlists, asks for ICY metadata. */
@Injectable()
export class UpstreamConnector {
  static readonly userAgent = 'GrouaRock-Relay/1.0';
  static readonly maxHops = 5;
  static readonly timeoutMs = 10_000;

  async open(url: string, hops = 0): Promise<UpstreamStream> {
    if (hops > UpstreamConnector.maxHops) throw new UpstreamError(`Too many redirects or playlists from ${url}`);
    if (HLS.test(url)) throw new UpstreamError(`${url} is an HLS playlist, which the relay cannot carry`);
    const res = await this.get(url);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      return this.open(new URL(res.headers.location, url).toString(), hops + 1);
    }
    if (status !== 200) {
      res.resume();
      throw new UpstreamError(`${url} answered ${status}`);
    }
    const contentType = (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (HLS.test(contentType)) {
      res.resume();
      throw new UpstreamError(`${url} is an HLS playlist, which the relay cannot carry`);
    }
    if (PLAYLIST_TYPES.test(contentType) || /\.(pls|m3u)(\?|$)/i.test(new URL(url).pathname)) {
      const next = parsePlaylist(await readSmall(res), url);
      if (!next) throw new UpstreamError(`The playlist at ${url} names no stream`);
      return this.open(next, hops + 1);
    }
    const metaint = Number(res.headers['icy-metaint']);
    return { body: res, contentType: contentType || 'audio/mpeg', metaint: metaint > 0 ? metaint : undefined, url };
  }

  private get(url: string): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const target = new URL(url);
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(target, { headers: { 'Icy-MetaData': '1', 'User-Agent': UpstreamConnector.userAgent, Accept: '*/*' } }, resolve);
      req.setTimeout(UpstreamConnector.timeoutMs, () => req.destroy(new UpstreamError(`${url} did not answer within ${UpstreamConnector.timeoutMs} ms`)));
      req.on('error', (e) => reject(e instanceof UpstreamError ? e : new UpstreamError(`${url}: ${e.message}`)));
      req.end();
    });
  }
}

async function readSmall(res: IncomingMessage, limit = 64 * 1024): Promise<string> {
  let text = '';
  for await (const chunk of res) {
    text += (chunk as Buffer).toString('utf8');
    if (text.length > limit) {
      res.destroy();
      break;
    }
  }
  return text;
}

/** The first stream URL of a .pls (`File1=`) or .m3u (first non-comment line) playlist. */
export function parsePlaylist(text: string, base: string): string | undefined {
  const pls = /^\s*File\d+\s*=\s*(\S+)\s*$/im.exec(text);
  const line = pls?.[1] ?? text.split(/\r?\n/).map((l) => l.trim()).find((l) => l && !l.startsWith('#') && !l.startsWith('['));
  if (!line) return undefined;
  try {
    const resolved = new URL(line, base);
    return ['http:', 'https:'].includes(resolved.protocol) ? resolved.toString() : undefined;
  } catch {
    return undefined;
  }
}
