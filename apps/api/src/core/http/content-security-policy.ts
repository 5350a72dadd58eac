import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { MediaConfig } from '../config/config';
import { API_PREFIX } from './openapi';

/** Where browsers send what the policy blocked (csp-reports.controller.ts). */
export const CSP_REPORTS_PATH = `/${API_PREFIX}/csp-reports`;

/** The Reporting API's name for that endpoint: `report-to` names it, `Reporting-Endpoints` gives its address. */
export const CSP_REPORT_GROUP = 'csp';

/** The one Trusted Types policy the web app makes (apps/web/src/lib/trusted-types.ts): the directive allows no other. */
export const TRUSTED_TYPES_POLICY = 'grouarock';

/**
 * The hash of an empty style element. emotion (MUI's styles) in a production build inserts its rules through the CSSOM
 * (`insertRule`, which CSP does not govern) into `<style>` elements it creates empty: this hash lets exactly those in,
 * and no style element with any text.
 */
export const EMPTY_STYLE_HASH = `'sha256-${createHash('sha256').update('').digest('base64')}'`;

export type Directives = Record<string, string[]>;

/**
 * The policy of every answer (docs/architecture.md, "Content-Security-Policy"): nothing unless named (`default-src
 * 'none'`), scripts from our origin only and through Trusted Types, styles from our files and emotion's empty elements
 * (a prerendered page adds the hashes of its own inline styles, withHashes below), no <base>, no framing, violations
 * reported. Without `'unsafe-inline'` or `'unsafe-eval'` anywhere.
 */
export const CSP_DIRECTIVES: Directives = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", EMPTY_STYLE_HASH],
  // Covers, station logos and event pictures come from wherever their owners keep them.
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  mediaSrc: ["'self'", 'blob:'],
  // The API and the realtime socket (a same-origin ws: address matches 'self').
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  // The offline service worker (/offline-worker.js).
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  requireTrustedTypesFor: ["'script'"],
  trustedTypes: [TRUSTED_TYPES_POLICY],
  reportUri: [CSP_REPORTS_PATH],
  reportTo: [CSP_REPORT_GROUP],
};

/**
 * The origins media come from besides our own: the operator's ad spots at ADS_URLS, and the media store when it serves them (docs/operations.md, "Media storage"):
 * with MEDIA_PUBLIC_URL, live segments (fetched by hls.js) redirect to it, and studio audio and covers to the bucket's
 * presigned URLs. A redirect to another origin is checked against the policy too, so these join media-src and
 * connect-src (the player's and the offline worker's fetches); images already come from any https: origin.
 */
export function mediaOrigins(media: MediaConfig, adUrls: readonly string[] = []): string[] {
  // The operator's ad spots at ADS_URLS are played from where they are (the API hands out their address).
  const origins = adUrls.map((url) => new URL(url).origin);
  if (!media.publicUrl) return [...new Set(origins)];
  origins.push(new URL(media.publicUrl).origin);
  if (media.s3) {
    // The presigned URL's origin, as the store makes it (repositories/s3-media-storage.ts, presignedGet).
    const base = new URL(media.s3.endpoint ?? `https://s3.${media.s3.region}.amazonaws.com`);
    const pathStyle = media.s3.forcePathStyle || media.s3.bucket.includes('.');
    origins.push(`${base.protocol}//${pathStyle ? base.host : `${media.s3.bucket}.${base.host}`}`);
  }
  return [...new Set(origins)];
}

/** The policy's directives with the media store's origins (mediaOrigins) where media and their fetches may come from. */
export function withMediaOrigins(directives: Directives, origins: string[]): Directives {
  if (origins.length === 0) return directives;
  return { ...directives, mediaSrc: [...directives.mediaSrc, ...origins], connectSrc: [...directives.connectSrc, ...origins] };
}

/** The `Reporting-Endpoints` header that gives report-to's group its address (relative: the page's own origin). */
export const REPORTING_ENDPOINTS = `${CSP_REPORT_GROUP}="${CSP_REPORTS_PATH}"`;

/**
 * The Server-Timing metric that hands an HTML answer's style nonce to its page. Components built on react-remove-scroll
 * (Radix's dialogs, menus and selects) write a `<style>` element with text that depends on the screen (the scrollbar's
 * width), so no hash can name it in advance: it carries the answer's nonce instead (get-nonce reads it,
 * apps/web/src/lib/style-nonce.ts). The nonce goes in a header, not in the page, so that a prerendered page stays the
 * same bytes, compressed once at boot: the page reads it from its own navigation's timing entry, which only a script
 * of the page can read (markup injected into the page cannot), and which is bound to this answer as the policy is.
 */
export const STYLE_NONCE_TIMING = 'csp-nonce';

/** What stands for the nonce in a policy made once (htmlPolicy) and filled per answer (sendHtmlPolicy). */
const NONCE = '{nonce}';

/**
 * The policy of an HTML answer with these directives, made once: the nonce source is added to style-src, to be filled
 * per answer by sendHtmlPolicy.
 */
export function htmlPolicy(directives: Directives): string {
  return policyText({ ...directives, styleSrc: [...directives.styleSrc, `'nonce-${NONCE}'`] });
}

/**
 * Sets an HTML answer's policy with a fresh nonce (128 random bits, as CSP asks), and the Server-Timing entry that
 * hands it to the page: in place of the common policy the request's first hook set.
 */
export function sendHtmlPolicy(res: ServerResponse, policy: string): void {
  const nonce = randomBytes(16).toString('base64url');
  res.setHeader('Content-Security-Policy', policy.replace(NONCE, nonce));
  res.setHeader('Server-Timing', `${STYLE_NONCE_TIMING};desc="${nonce}"`);
}

/** A directive's name as the header writes it: `scriptSrc` is `script-src`. */
const dashed = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The header's value for these directives, written as helmet writes it (`name value value;name value`). */
export function policyText(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [dashed(name), ...values].join(' '))
    .join(';');
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'", '#x27': "'", '#39': "'" };

/** An attribute's value as the browser reads it (what a hash of it is taken over): React escapes only these. */
const decoded = (value: string) => value.replace(/&(amp|quot|lt|gt|apos|#x27|#39);/g, (_, name: string) => ENTITIES[name]);

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The inline styles of a page, as CSP hashes: each `<style>` element's text and each `style="…"` attribute's value
 * (a prerendered page has emotion's rules of its first paint in style elements, and MUI writes a few style attributes),
 * each distinct value once, in the order first met. Attributes need `'unsafe-hashes'` besides (withHashes adds it).
 */
export function inlineStylesOf(html: string): { elements: string[]; attributes: string[] } {
  const elements = new Set<string>();
  const attributes = new Set<string>();
  for (const [, text] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) elements.add(hashOf(text));
  // Attributes of elements only: not text that merely reads `style="` (the body's text has `"` escaped, so it cannot).
  for (const [, value] of html.matchAll(/<[a-z][^<>]*?\sstyle="([^"]*)"/gi)) attributes.add(hashOf(decoded(value)));
  return { elements: [...elements], attributes: [...attributes] };
}

/** The policy for a page with these inline styles: the common one with their hashes in style-src. */
export function withHashes(directives: Directives, { elements, attributes }: { elements: string[]; attributes: string[] }): Directives {
  const extra = [...elements, ...attributes].filter((hash) => !directives.styleSrc.includes(hash));
  if (extra.length === 0) return directives;
  return { ...directives, styleSrc: [...directives.styleSrc, ...(attributes.length ? ["'unsafe-hashes'"] : []), ...extra] };
}

