import { HttpService } from '@nestjs/axios';
import { Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { firstValueFrom } from 'rxjs';

/** The request the `oauth` package's OAuth2 client has built (host, port, path with query, method, headers). */
interface OAuthRequestOptions {
  host: string;
  port?: number | string;
  path: string;
  method: string;
  headers: Record<string, string | number>;
}

type OAuthCallback = (error: unknown, body?: string, response?: { statusCode: number; headers: IncomingHttpHeaders }) => void;

/** The part of the `oauth` package's OAuth2 client that sends requests: one method, replaced below. */
interface OAuth2Transport {
  _executeRequest(library: unknown, options: OAuthRequestOptions, body: string | Buffer | null, callback: OAuthCallback): void;
}

/** Headers the `oauth` package computes itself and axios must compute again for the body it sends. */
const recomputed = new Set(['host', 'content-length']);

/**
 * The passport strategies' outbound calls (the code exchange, the profile and e-mail reads) go through
 * axios like every other outbound call of the API: one timeout, no redirects followed, and errors in the
 * shape passport-oauth2 reports (`{ statusCode, data }` for an answer outside 2xx).
 */
@Injectable()
export class OAuthHttp {
  static readonly timeoutMs = 10_000;

  constructor(private readonly http: HttpService) {}

  /** Sends every request of this strategy's OAuth 2 client through axios. */
  attach(strategy: object): void {
    const client = (strategy as { _oauth2: OAuth2Transport })._oauth2;
    client._executeRequest = (library, options, body, callback) => {
      this.send(library === https ? 'https:' : 'http:', options, body).then(
        ({ statusCode, data, headers }) =>
          statusCode >= 200 && statusCode < 300 ? callback(null, data, { statusCode, headers }) : callback({ statusCode, data }),
        (error: unknown) => callback(error),
      );
    };
  }

  private async send(
    protocol: 'http:' | 'https:',
    options: OAuthRequestOptions,
    body: string | Buffer | null,
  ): Promise<{ statusCode: number; data: string; headers: IncomingHttpHeaders }> {
    const headers = Object.fromEntries(Object.entries(options.headers).filter(([name]) => !recomputed.has(name.toLowerCase())));
    const response = await firstValueFrom(
      this.http.request<string>({
        url: `${protocol}//${options.host}${options.port ? `:${options.port}` : ''}${options.path}`,
        method: options.method,
        headers,
        data: body ?? undefined,
        timeout: OAuthHttp.timeoutMs,
        maxRedirects: 0,
        responseType: 'text',
        // The body stays text: passport-oauth2 parses it (JSON, or the form encoding some providers answer with).
        transformResponse: (data: string) => data,
        validateStatus: () => true,
      }),
    );
    return { statusCode: response.status, data: response.data, headers: response.headers as IncomingHttpHeaders };
  }
}
