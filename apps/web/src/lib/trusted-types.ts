/**
 * The app's one Trusted Types policy. The server's Content-Security-Policy requires Trusted Types for scripts
 * (`require-trusted-types-for 'script'`) and allows only a policy of this name (`trusted-types grouarock`,
 * apps/api/src/core/http/content-security-policy.ts): a sink that loads code (a service worker's script, a worker,
 * innerHTML) takes no plain string, only what this policy made. It makes script URLs alone, and only the few the app
 * has; it makes no HTML, so innerHTML and dangerouslySetInnerHTML stay refused.
 */
export const TRUSTED_TYPES_POLICY = 'grouarock';

/** The scripts the app starts by URL: the offline worker (features/offline). */
const SCRIPT_URLS = new Set(['/offline-worker.js']);

/** What lib.dom does not declare yet: the part of Trusted Types used here. */
interface TrustedTypePolicy {
  createScriptURL(url: string): TrustedScriptURL;
}
declare const trustedScriptUrl: unique symbol;
/** A script URL the policy made (a string where the browser has no Trusted Types). */
export type TrustedScriptURL = string & { readonly [trustedScriptUrl]: true };
interface TrustedTypePolicyFactory {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): TrustedTypePolicy;
}

let policy: TrustedTypePolicy | undefined;

/**
 * A script URL a sink takes under the policy: one of the app's own, else an error (nothing from a page's input reaches
 * a sink this way). Where the browser has no Trusted Types it is the URL itself.
 */
export function trustedScriptURL(url: string): TrustedScriptURL {
  const factory = (globalThis as { trustedTypes?: TrustedTypePolicyFactory }).trustedTypes;
  if (!SCRIPT_URLS.has(url)) throw new TypeError(`Not one of the app's scripts: ${url}`);
  if (!factory) return url as TrustedScriptURL;
  // Made once: the directive allows the name once.
  policy ??= factory.createPolicy(TRUSTED_TYPES_POLICY, {
    createScriptURL: (value) => {
      if (!SCRIPT_URLS.has(value)) throw new TypeError(`Not one of the app's scripts: ${value}`);
      return value;
    },
  });
  return policy.createScriptURL(url);
}
