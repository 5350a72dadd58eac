import { Inject, Injectable } from '@nestjs/common';
import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';

export interface SendResult {
  statusCode: number | null;
  retryAfterSeconds?: number;
  durationMs: number;
  /** Why no answer came: timeout, connection_refused, blocked_address, dns_failed… */
  error: string | null;
  /** The start of the answer's body (1 kB). */
  responseHead: string | null;
}

/** Why a webhook URL is refused at creation, said so a developer can act on it. */
export class WebhookUrlError extends Error {
  override name = 'WebhookUrlError';
}

const TIMEOUT_MS = 15_000;
const HEAD_BYTES = 1024;
const MAX_READ_BYTES = 64 * 1024;

/**
 * The webhook endpoints' side of the internet, guarded against SSRF (docs/developer-api.md, "Webhooks"): a URL must be
 * https (http only with WEBHOOK_ALLOW_HTTP), without credentials, and every address its name resolves to must be a
 * public unicast one (or in WEBHOOK_ALLOWED_CIDRS), checked at creation and again at every connection by
 * request-filtering-agent (so a name that later resolves to 127.0.0.1 is still refused). Redirects are not followed;
 * at most 64 kB of an answer is read, for 15 s.
 */
@Injectable()
export class WebhookSender {
  private readonly agents: { http: RequestFilteringHttpAgent; https: RequestFilteringHttpsAgent };
  private readonly allowed: [ipaddr.IPv4 | ipaddr.IPv6, number][];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const filter = { allowIPAddressList: config.webhooks.allowedCidrs, keepAlive: false };
    this.agents = { http: new RequestFilteringHttpAgent(filter), https: new RequestFilteringHttpsAgent(filter) };
    this.allowed = config.webhooks.allowedCidrs.map((cidr) => ipaddr.parseCIDR(cidr));
  }

  /** Throws WebhookUrlError unless the URL is one deliveries may go to now. */
  async check(raw: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new WebhookUrlError('url must be an absolute URL');
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && this.config.webhooks.allowHttp)) throw new WebhookUrlError('url must use https');
    if (url.username || url.password) throw new WebhookUrlError('url must not carry credentials');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new WebhookUrlError(`${host} does not resolve`);
    }
    const blocked = addresses.find((address) => !this.reachable(address));
    if (blocked) throw new WebhookUrlError(`${host} resolves to ${blocked}, which is not a public address`);
  }

  async send(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const secure = url.startsWith('https:');
    if (!secure && !this.config.webhooks.allowHttp) return { statusCode: null, durationMs: 0, error: 'http_not_allowed', responseHead: null };
    return new Promise<SendResult>((resolve) => {
      const finish = (result: Omit<SendResult, 'durationMs'>) => resolve({ ...result, durationMs: elapsed() });
      const req = (secure ? httpsRequest : httpRequest)(
        url,
        { method: 'POST', agent: secure ? this.agents.https : this.agents.http, headers: { ...headers, 'content-length': Buffer.byteLength(body) }, timeout: TIMEOUT_MS },
        (res) => {
          const chunks: Buffer[] = [];
          let read = 0;
          const done = () => {
            const retryAfter = Number(res.headers['retry-after']);
            finish({
              statusCode: res.statusCode ?? null,
              ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}),
              error: null,
              responseHead: Buffer.concat(chunks).subarray(0, HEAD_BYTES).toString('utf8') || null,
            });
          };
          res.on('data', (chunk: Buffer) => {
            if (read < HEAD_BYTES) chunks.push(chunk);
            read += chunk.length;
            if (read > MAX_READ_BYTES) {
              res.destroy();
              done();
            }
          });
          res.on('end', done);
          res.on('error', done);
        },
      );
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })));
      req.on('error', (e: NodeJS.ErrnoException) => finish({ statusCode: null, error: errorCode(e), responseHead: null }));
      req.end(body);
    });
  }

  private reachable(address: string): boolean {
    const parsed = ipaddr.process(address);
    if (this.allowed.some(([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits))) return true;
    return parsed.range() === 'unicast';
  }
}

function errorCode(e: NodeJS.ErrnoException): string {
  if (/is not allowed/.test(e.message)) return 'blocked_address';
  if (e.code === 'ETIMEOUT' || e.code === 'ETIMEDOUT') return 'timeout';
  if (e.code === 'ECONNREFUSED') return 'connection_refused';
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return 'dns_failed';
  if (e.code === 'ECONNRESET') return 'connection_reset';
  return (e.code ?? 'request_failed').toLowerCase().slice(0, 40);
}
