import { apiClient } from '@grouarock/api-client';

/** A call that has not answered after this long is given up (the user sees an error they can retry). */
export const API_TIMEOUT_MS = 15_000;

/** Our API's JSON error body (docs/api-conventions.md, "Validation and errors"). */
interface ErrorBody {
  message?: string | string[];
  code?: string;
  fields?: string[];
  mfa_token?: string;
  factors?: string[];
}

/** What some refusals bring besides their code: the second step of a sign-in, the ways to confirm it is you. */
export interface ApiErrorDetails {
  /** With code mfa_required: the token the second factor goes with (POST /auth/token?grant_type=mfa). */
  mfaToken?: string;
  /** With code mfa_required or reauthentication_required: the ways this account can prove it is its owner. */
  factors?: readonly string[];
}

/**
 * A call to our API that did not succeed. `status` 0 means no HTTP answer came back (offline, timeout, server
 * down); `code` is the server's machine-readable reason when it gives one, `fields` the invalid input fields.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly retryAfterSeconds?: number,
    readonly fields?: readonly string[],
    readonly details: ApiErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Worth trying again later: nothing came back, or the server failed. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

function retryAfter(value: string | null | undefined): number | undefined {
  const seconds = Number(value ?? undefined);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** The ApiError for what the generated client hands its error interceptors: a parsed error body, or a fetch failure. */
export function toApiError(error: unknown, response: Response | undefined): ApiError {
  if (error instanceof ApiError) return error;
  if (!response) return new ApiError(0, error instanceof Error ? error.message : 'Network error');
  const body: ErrorBody = typeof error === 'object' && error !== null ? (error as ErrorBody) : {};
  const text = typeof error === 'string' && error ? error : `Request failed with status code ${response.status}`;
  const message = Array.isArray(body.message) ? body.message.join('. ') : (body.message ?? text);
  const details: ApiErrorDetails = {
    ...(typeof body.mfa_token === 'string' ? { mfaToken: body.mfa_token } : {}),
    ...(Array.isArray(body.factors) ? { factors: body.factors.filter((factor) => typeof factor === 'string') } : {}),
  };
  return new ApiError(response.status, message, body.code, retryAfter(response.headers.get('retry-after')), body.fields, details);
}

type Send = (request: Request) => Promise<Response>;

/** `send` with the API's time limit added to whatever signal the caller gave. */
export function withTimeout(send: Send, ms = API_TIMEOUT_MS): Send {
  return (request) => send(new Request(request, { signal: AbortSignal.any([request.signal, AbortSignal.timeout(ms)]) }));
}

/** What the API client needs from whoever holds the session (features/auth). */
export interface AccessTokenSource {
  /** Settles once the session kept from an earlier visit has been restored, or found to be gone. */
  ready(): Promise<void>;
  /** The current access token, or null when signed out. */
  accessToken(): string | null;
  /**
   * The token a call should carry: the current one, or a refreshed one when it has run out by this browser's clock
   * (a token known to have expired is not sent only to be refused); null when signed out.
   */
  tokenForCall(): Promise<string | null>;
  /** A fresh access token after the server refused one, or null when there is no session any more. */
  refreshAccessToken(): Promise<string | null>;
  /**
   * Asks the person to confirm it is them with one of `factors` (the server's 401 reauthentication_required): the
   * new access token once they have, or null when they would not (or nobody can ask them). Concurrent calls share one ask.
   */
  reauthenticate?(factors: readonly string[]): Promise<string | null>;
}

/** The 401 of a call that needs a recent sign-in: the session is fine, so no refresh would help. */
export const REAUTHENTICATION_REQUIRED = 'reauthentication_required';

/** The token endpoint hands out tokens itself: it never carries a bearer token and is never retried. */
export function isTokenEndpoint(url: string | undefined): boolean {
  return new URL(url ?? '', 'http://origin').pathname.endsWith('/api/v1/auth/token');
}

/** The calls that carry the session's token (or would, signed in): only these are repeated after a refresh. */
const authorized = new WeakSet<Request>();

/** Adds the session's access token to a call (unless it is the token endpoint or brings its own). */
export async function authorize(source: AccessTokenSource, request: Request): Promise<Request> {
  if (isTokenEndpoint(request.url) || request.headers.has('Authorization')) return request;
  authorized.add(request);
  await source.ready();
  const token = await source.tokenForCall();
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
}

/** The same call again with another token (`body` is its serialized body, since the sent one is spent). */
function repeat(request: Request, body: BodyInit | undefined, token: string, send: Send): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.set('Authorization', `Bearer ${token}`);
  return send(new Request(request.url, { method: request.method, headers, body, credentials: request.credentials, signal: request.signal }));
}

/** The factors of a 401 reauthentication_required (read from a copy, so the answer stays whole), else null. */
async function reauthenticationFactors(response: Response): Promise<string[] | null> {
  if (response.status !== 401 || !response.headers.get('content-type')?.includes('json')) return null;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as ErrorBody | null;
  if (body?.code !== REAUTHENTICATION_REQUIRED) return null;
  return Array.isArray(body.factors) ? body.factors.filter((factor) => typeof factor === 'string') : [];
}

/**
 * A 401 reauthentication_required: the person confirms it is them (a dialog over the page, see
 * ReauthenticationHost) and the call is made once more with the token that gives, so what they were doing completes.
 * Turned down (or nobody to ask), the 401 is the answer: the call fails with an ApiError of that code.
 */
async function retryReauthenticated(source: AccessTokenSource, response: Response, factors: string[], request: Request, body: BodyInit | undefined, send: Send): Promise<Response> {
  if (!source.reauthenticate) return response;
  const token = await source.reauthenticate(factors).catch((error: unknown) => {
    console.error('Could not ask to confirm it is you', error);
    return null;
  });
  return token ? repeat(request, body, token, send) : response;
}

/**
 * A 401 from any call except the token endpoint refreshes the session once (concurrent refreshes share one
 * request, see SessionManager) and repeats the call with the new token, so a call made after the short-lived
 * access token expired still succeeds. A 401 reauthentication_required is not about the token: it asks the person to
 * confirm it is them instead, and repeats the call once with the token that gives (never a refresh, which would only
 * be answered the same). `body` is the call's serialized body, since the sent one is spent.
 */
export async function retryUnauthorized(source: AccessTokenSource, response: Response, request: Request, body: BodyInit | undefined, send: Send): Promise<Response> {
  if (response.status !== 401 || !authorized.has(request)) return response;
  const factors = await reauthenticationFactors(response);
  if (factors) return retryReauthenticated(source, response, factors, request, body, send);
  // Another call may have refreshed the session while this one was in flight: then just use the new token.
  const sent = request.headers.get('Authorization');
  const current = source.accessToken();
  const fresh = current && sent !== `Bearer ${current}` ? current : await source.refreshAccessToken().catch(() => null);
  if (!fresh) return response;
  const repeated = await repeat(request, body, fresh, send);
  // The token had run out, and what the call does also needs a recent sign-in.
  const stillNeeded = await reauthenticationFactors(repeated);
  return stillNeeded ? retryReauthenticated(source, repeated, stillNeeded, request, body, send) : repeated;
}

/** Whoever holds the session, as configureApiClient was given it (for the calls the generated client cannot make). */
let sessionSource: AccessTokenSource | undefined;

/**
 * For the calls the generated client cannot make, WHIP's and WHEP's (their bodies are SDP, not JSON: features/live,
 * whip-client.ts and whep-client.ts): the token a call should carry now, as the client's calls get it (null: signed
 * out). WHIP keeps the token its session was opened with, since the session is stopped with that same token.
 */
export async function sessionToken(): Promise<string | null> {
  if (!sessionSource) return null;
  await sessionSource.ready();
  return sessionSource.tokenForCall();
}

/** After the server refused a token (401): a refreshed one, or null when there is no session any more. */
export async function refreshedSessionToken(): Promise<string | null> {
  return (await sessionSource?.refreshAccessToken().catch(() => null)) ?? null;
}

/** A call to our API by hand (same origin and time limit as the client's); the Response as it is, errors included. */
export function callApi(path: string, init: { method: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal }): Promise<Response> {
  return withTimeout((request) => fetch(request))(new Request(new URL(path, location.origin), init));
}

/**
 * The API is same-origin: the built app is served by the API itself, and `npm run dev` proxies /api. Every call
 * of the generated client goes through the browser's fetch with the time limit, carries the
 * session's access token (repeated once after a refresh when it had expired, or once the person confirmed it is them when
 * it needs that), and fails with an ApiError. Returns a function that undoes it (for tests).
 */
export function configureApiClient(source: AccessTokenSource): () => void {
  const timed = withTimeout((request) => fetch(request));
  sessionSource = source;
  // The generated client always calls its fetch with a single Request.
  apiClient.setConfig({ baseUrl: location.origin, fetch: timed as typeof fetch });
  const { request, response, error } = apiClient.interceptors;
  const ids = [
    request.use((call) => authorize(source, call)),
    response.use((answer, call, options) => retryUnauthorized(source, answer, call, options.serializedBody, timed)),
    error.use((failure, answer) => toApiError(failure, answer)),
  ] as const;
  return () => {
    sessionSource = undefined;
    request.eject(ids[0]);
    response.eject(ids[1]);
    error.eject(ids[2]);
  };
}
