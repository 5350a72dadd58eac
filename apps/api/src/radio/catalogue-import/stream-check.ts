import { request as httpRequest, type Agent, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { type AudioFormat, sniffAudio } from './audio-sniff';

export interface StreamCheckOptions {
  userAgent: string;
  /** How long the whole check may take, redirects included. */
  timeoutMs: number;
  /** Addresses or CIDR ranges that may be opened although they are not public (e.g. a local test server). */
  allowAddresses: string[];
}

export type StreamVerdict = { ok: true; format: AudioFormat } | { ok: false; reason: string };

/** How much of a stream is read at most before it is judged not to be audio. */
const SNIFF_BYTES = 32 * 1024;
const MAX_REDIRECTS = 5;
const PLAYLIST_TYPES = /mpegurl|x-scpls|pls\+xml|xspf/;

/** Opens a stream, reads its first bytes and says what they are: the directory's word for a codec is not taken as is. */
export class StreamChecker {
  private readonly agents: { http: Agent; https: Agent };

  constructor(private readonly options: StreamCheckOptions) {
    // Only public addresses (and the allowed ones), checked at every connection: a directory entry is anyone's text,
    // and the relay will open the URL from the server.
    const filter = { allowIPAddressList: options.allowAddresses, keepAlive: false };
    this.agents = { http: new RequestFilteringHttpAgent(filter), https: new RequestFilteringHttpsAgent(filter) };
  }

  check(url: string): Promise<StreamVerdict> {
    return new Promise((resolve) => {
      let settled = false;
      let current: { destroy: () => void } | undefined;
      const finish = (verdict: StreamVerdict) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        current?.destroy();
        resolve(verdict);
      };
      const timer = setTimeout(() => finish({ ok: false, reason: `no audio within ${this.options.timeoutMs / 1000} s` }), this.options.timeoutMs);
      const open = (target: string, redirects: number) => {
        let parsed: URL;
        try {
          parsed = new URL(target);
        } catch {
          return finish({ ok: false, reason: 'not a valid URL' });
        }
        if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return finish({ ok: false, reason: `${parsed.protocol} is not http(s)` });
        const secure = parsed.protocol === 'https:';
        const req = (secure ? httpsRequest : httpRequest)(parsed, {
          agent: secure ? this.agents.https : this.agents.http,
          headers: { 'user-agent': this.options.userAgent, accept: '*/*' },
        });
        current = req;
        req.on('error', (e) => finish({ ok: false, reason: describeError(e) }));
        req.on('response', (res) => {
          const location = res.headers.location;
          if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
            res.resume();
            if (redirects >= MAX_REDIRECTS) return finish({ ok: false, reason: `more than ${MAX_REDIRECTS} redirects` });
            return open(new URL(location, parsed).href, redirects + 1);
          }
          if (res.statusCode !== 200) return finish({ ok: false, reason: `answers HTTP ${res.statusCode}` });
          const type = String(res.headers['content-type'] ?? '').toLowerCase();
          if (type.includes('text/html')) return finish({ ok: false, reason: 'answers with an HTML page, not audio' });
          if (PLAYLIST_TYPES.test(type)) return finish({ ok: false, reason: 'answers with a playlist, not a stream' });
          this.read(res, finish);
        });
        req.end();
      };
      open(url, 0);
    });
  }

  private read(res: IncomingMessage, finish: (verdict: StreamVerdict) => void): void {
    const chunks: Buffer[] = [];
    let length = 0;
    const judge = (final: boolean) => {
      const sniffed = sniffAudio(Buffer.concat(chunks));
      if (sniffed === 'html') return finish({ ok: false, reason: 'answers with an HTML page, not audio' });
      if (sniffed === 'playlist') return finish({ ok: false, reason: 'answers with a playlist, not a stream' });
      if (sniffed) return finish({ ok: true, format: sniffed });
      if (final) finish({ ok: false, reason: `no MP3, AAC, FLAC or Ogg frames in the first ${length} bytes` });
    };
    res.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      judge(length >= SNIFF_BYTES);
    });
    res.on('end', () => judge(true));
    res.on('error', (e) => finish({ ok: false, reason: describeError(e) }));
  }
}

function describeError(e: NodeJS.ErrnoException): string {
  if (/is not allowed/i.test(e.message)) return 'resolves to an address that is not public';
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return 'its host name does not resolve';
  if (e.code === 'ECONNREFUSED') return 'refuses the connection';
  if (e.code === 'ECONNRESET') return 'drops the connection';
  if (e.code?.startsWith('ERR_TLS') || e.code?.includes('CERT')) return `TLS fails (${e.code})`;
  // Node's HTTP parser, the relay's too, reads HTTP only: not a SHOUTcast v1 server's "ICY 200 OK".
  if (e.code?.startsWith('HPE_')) return `does not answer in HTTP (${e.code}; a SHOUTcast v1 "ICY 200 OK" reads so)`;
  return `cannot be opened (${e.code ?? e.message})`;
}
