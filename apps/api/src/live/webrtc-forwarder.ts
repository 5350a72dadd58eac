import { Injectable, Logger } from '@nestjs/common';
import { request as httpRequest, type IncomingHttpHeaders, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** A WHEP, PATCH or DELETE as one replica passes it to the process whose engine has the stream's media. */
export interface ForwardedRequest {
  method: 'POST' | 'PATCH' | 'DELETE';
  /** From the API's prefix on (`/api/v1/stream/…`), with the query. */
  path: string;
  /** Content-Type, Authorization and the signed mark (forwarded-signal.ts): nothing else of the client's goes. */
  headers: Record<string, string>;
  body?: string;
}

/** The origin's answer as the client gets it: its status, the headers WHIP and WHEP clients read, and its body. */
export interface RelayedAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** The headers of the origin's answer that WHIP and WHEP clients read, passed on; CORS and the rest are this replica's own. */
const RELAYED_HEADERS = ['location', 'link', 'content-type', 'retry-after', 'etag', 'accept-patch'] as const;

/**
 * How long the origin may take: to accept the connection (a replica that died refuses it at once, or, on another host,
 * never answers), and to answer (its engine answers an offer in milliseconds; a WHEP POST waits for it).
 */
export const FORWARD_LIMITS = { connectMs: 2000, answerMs: 5000 };

/** An SDP answer is a few kilobytes; an origin's answer past this is not passed on. */
const MAX_ANSWER_BYTES = 256 * 1024;

/**
 * HTTP from this API process to another one (docs/live.md, "Several replicas"): a stream's WebRTC signalling that
 * reached a replica without its media goes on to the process that has it, and its answer comes back as it is. The
 * origin checks the request again itself (access, key, caps); this only carries it. An origin that does not answer
 * (it died) gives undefined, never an error: the caller answers as it would without one.
 */
@Injectable()
export class WebRtcForwarder {
  private readonly logger = new Logger('WebRtcForwarder');

  forward(origin: string, forwarded: ForwardedRequest, limits = FORWARD_LIMITS): Promise<RelayedAnswer | undefined> {
    let url: URL;
    try {
      url = new URL(`${origin}${forwarded.path}`);
    } catch {
      this.logger.warn(`A stream's WebRTC origin is not a URL: ${origin}`);
      return Promise.resolve(undefined);
    }
    const body = forwarded.body === undefined ? undefined : Buffer.from(forwarded.body);
    const options: RequestOptions = {
      method: forwarded.method,
      headers: { ...forwarded.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      // A connection of its own each time: a kept-alive one to a process that died fails only once the request is sent.
      agent: false,
    };
    return new Promise((resolve) => {
      let done = false;
      const finish = (answer: RelayedAnswer | undefined, why?: string) => {
        if (done) return;
        done = true;
        clearTimeout(connecting);
        clearTimeout(answering);
        if (why) this.logger.warn(`The WebRTC origin ${origin} did not answer ${forwarded.method} ${url.pathname}: ${why}`);
        resolve(answer);
      };
      const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, options, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            req.destroy();
            return finish(undefined, `its answer is larger than ${MAX_ANSWER_BYTES} bytes`);
          }
          chunks.push(chunk);
        });
        res.on('end', () => finish({ status: res.statusCode ?? 502, headers: relayedHeaders(res.headers), body: Buffer.concat(chunks) }));
        res.on('error', (e) => finish(undefined, e.message));
      });
      const connecting = setTimeout(() => {
        req.destroy();
        finish(undefined, `no connection within ${limits.connectMs} ms`);
      }, limits.connectMs);
      const answering = setTimeout(() => {
        req.destroy();
        finish(undefined, `no answer within ${limits.answerMs} ms`);
      }, limits.answerMs);
      req.on('socket', (socket) => socket.once('connect', () => clearTimeout(connecting)));
      req.on('error', (e: NodeJS.ErrnoException) => finish(undefined, e.code ?? e.message));
      req.end(body);
    });
  }
}

function relayedHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const name of RELAYED_HEADERS) {
    const value = headers[name];
    if (value !== undefined) kept[name] = value;
  }
  return kept;
}
