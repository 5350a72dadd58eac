/**
 * The server sends a sign-in that needs a second factor, made outside the page (an OAuth callback, a mail link), to
 * `/auth?next=<path>#mfa_token=<token>`: the token in the fragment, which no server or log ever sees.
 */

/** The mfa_token of such a fragment (`#mfa_token=…`), or null. */
export function mfaTokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('mfa_token') || null;
}

/** The fragment without its mfa_token (other values stay), with its '#', or '' when nothing is left. */
export function withoutMfaToken(hash: string): string {
  const values = new URLSearchParams(hash.replace(/^#/, ''));
  values.delete('mfa_token');
  const rest = values.toString();
  return rest ? `#${rest}` : '';
}

/**
 * `next` when it is a path of this site (where to go once signed in), else null: another origin ("//host",
 * "https://…", "/\\host"), a "javascript:" URL or the sign-in page itself are not followed.
 */
export function sameOriginPath(next: string | null, origin: string): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname === '/auth') return null;
  return url.pathname + url.search + url.hash;
}
