import { http, HttpResponse, ws, type JsonBodyType, type RequestHandler, type WebSocketHandler } from 'msw';
import { setupServer } from 'msw/node';
import { configureApiClient, type AccessTokenSource } from '../lib/api';

/**
 * Component tests talk to this server at the network level: the generated client, its interceptors (token, retry
 * after a refresh, time limit, ApiError) and SWR all run as in the browser; only the answers are the test's.
 * A request no handler answers fails the test.
 */
export const apiServer = setupServer();

/** The absolute URL of an API path (`/radio/:id/likes`), as MSW matches it. */
export function apiUrl(path: string): string {
  return `http://localhost/api/v1${path}`;
}

export { http, HttpResponse };

/** The realtime socket (/api/v1/realtime, any token): `realtime.addEventListener('connection', …)` answers it. */
export const realtime = ws.link('ws://localhost/api/v1/realtime');

/** Our API's JSON error body, as the server sends it. */
export function apiError(status: number, body: { message?: string | string[]; code?: string; fields?: string[] } = {}, headers: Record<string, string> = {}) {
  return HttpResponse.json({ statusCode: status, error: 'Error', message: body.message ?? 'Error', ...body }, { status, headers });
}

/** A GET answered with `body` every time. */
export function get(path: string, body: JsonBodyType): RequestHandler {
  return http.get(apiUrl(path), () => HttpResponse.json(body));
}

/** A request as the server received it. */
export interface Received {
  method: string;
  /** The path and query, e.g. /api/v1/auth/token?grant_type=password. */
  url: string;
  authorization: string | null;
  /** The JSON body, parsed (undefined when there is none). */
  body: unknown;
}

type Answer = Response | JsonBodyType | (() => Response | Promise<Response>);

function toResponse(answer: Answer): Response | Promise<Response> {
  if (typeof answer === 'function') return answer();
  return answer instanceof Response ? answer : HttpResponse.json(answer);
}

/**
 * Answers `METHOD path` (an API path, `:params` allowed) with `answers` in turn, the last one again for any further
 * request (a JSON body, a Response, or a function making one: `() => new Promise(() => undefined)` never answers).
 * Returns what the server received, in order.
 */
export function answer(method: 'get' | 'post' | 'put' | 'delete', path: string, ...answers: Answer[]): Received[] {
  const received: Received[] = [];
  apiServer.use(
    http[method](apiUrl(path), async ({ request }) => {
      const text = await request.clone().text();
      const url = new URL(request.url);
      received.push({ method: request.method, url: url.pathname + url.search, authorization: request.headers.get('Authorization'), body: text ? JSON.parse(text) : undefined });
      return toResponse(answers[Math.min(received.length, answers.length) - 1]);
    }),
  );
  return received;
}

/** Every request that reached the server, as "METHOD /path?query", in order. */
export function recordRequests(): string[] {
  const seen: string[] = [];
  apiServer.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname}${url.search}`);
  });
  return seen;
}

const signedOut: AccessTokenSource = {
  ready: () => Promise.resolve(),
  accessToken: () => null,
  tokenForCall: () => Promise.resolve(null),
  refreshAccessToken: () => Promise.resolve(null),
};

let session: AccessTokenSource = signedOut;

/** The session whose token the client sends (renderRoutes sets the app's); signed out by default. */
export function setApiSession(source: AccessTokenSource): void {
  session = source;
}

/**
 * Sets up the spec: the server listens, the generated client is configured as main.tsx does it (with the session
 * the test uses), and after each test the handlers, listeners and session are reset.
 */
export function setupApiServer(...handlers: (RequestHandler | WebSocketHandler)[]): void {
  let unconfigure: () => void = () => undefined;
  // Requests the server has not answered yet, by MSW's request id.
  const pending = new Map<string, string>();
  beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    apiServer.use(...handlers);
    apiServer.events.on('request:start', ({ request, requestId }) => pending.set(requestId, `${request.method} ${new URL(request.url).pathname}`));
    apiServer.events.on('request:end', ({ requestId }) => pending.delete(requestId));
    unconfigure = configureApiClient({
      ready: () => session.ready(),
      accessToken: () => session.accessToken(),
      tokenForCall: () => session.tokenForCall(),
      refreshAccessToken: () => session.refreshAccessToken(),
      reauthenticate: (factors) => session.reauthenticate?.(factors) ?? Promise.resolve(null),
    });
  });
  afterEach(async () => {
    await settle(pending);
    const hanging = [...pending.values()];
    pending.clear();
    unconfigure();
    apiServer.resetHandlers();
    apiServer.events.removeAllListeners();
    session = signedOut;
    // A request left hanging fails at its time limit (15 s) during some later test, or logs after the file ended,
    // which fails the run with no test to blame: answer it (or let it fail) before the test ends.
    if (hanging.length) throw new Error(`Still unanswered when the test ended: ${hanging.join(', ')}`);
  });
  afterAll(() => apiServer.close());
}

/** Waits up to 2 s (well within the hook's 5 s) for the requests in flight to be answered. */
async function settle(pending: Map<string, string>): Promise<void> {
  for (let waited = 0; pending.size && waited < 2000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
}
