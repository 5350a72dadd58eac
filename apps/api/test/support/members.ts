import { type ApiUnderTest, signedInMember } from './app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
type Json = any;

export interface ApiAnswer {
  status: number;
  headers: Headers;
  /** The body as sent. */
  text: string;
  /** The body as JSON (undefined when empty; the text when it is not JSON). */
  body: Json;
}

/**
 * Members of a test file, each calling from an address of its own in `subnet` (as people do, so the site's
 * per-address limits stay out of the way), and `call`, which sends a member's token from that member's address. A
 * token may be a session's or an API key; `url` is a path under the API, or a whole URL (another process).
 */
export function membersOf(api: ApiUnderTest, subnet: string) {
  let n = 0;
  const addresses = new Map<string, string>();
  const member = async () => {
    const ip = `${subnet}.${++n}`;
    const who = await signedInMember(api, ip);
    addresses.set(who.token, ip);
    return { ...who, ip };
  };
  /** Lets `token` (a key of a member, say) call from `ip`. */
  const callsFrom = (token: string, ip: string) => addresses.set(token, ip);
  const call = async (method: string, url: string, token?: string, body?: unknown): Promise<ApiAnswer> => {
    const ip = token && addresses.get(token);
    const res = await fetch(url.startsWith('http') ? url : `${api.base}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let parsed: Json = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: res.status, headers: res.headers, text, body: parsed };
  };
  return { member, call, callsFrom };
}
