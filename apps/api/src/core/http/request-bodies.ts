import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parse as parseForm } from 'qs';

/** What Express's JSON and form parsers took (body-parser's 100 kB default); Fastify's own limit is a whole MiB. */
export const BODY_LIMIT_BYTES = 100 * 1024;

/** An SDP offer from a browser is 3-8 kB; OBS's is smaller. */
export const SDP_LIMIT_BYTES = 64 * 1024;

/** body-parser's limits for a form, kept: more parameters is a 413, nesting deeper than 32 a 400. */
const FORM_PARAMETERS_MAX = 1000;

/** A client's body Fastify hands to the error handler: a 400 in our usual shape (AllExceptionsFilter). */
function badBody(message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/**
 * JSON and form bodies read as Express's parsers read them before (docs/request-path.md, step 7): JSON in strict
 * mode (an object or an array; an empty body is `{}`), forms with nested keys (qs), the bytes kept as req.rawBody (the
 * billing webhook checks Stripe's signature on them), and a body of any other type left unread (the validators then
 * answer for the missing fields, as before, instead of Fastify's 415). Fastify reads a body only for the methods that
 * carry one, so a GET costs nothing here.
 */
export function registerRequestBodies(instance: FastifyInstance): void {
  instance.removeAllContentTypeParsers();
  const keepRaw = (req: FastifyRequest, bytes: Buffer) => void ((req as FastifyRequest & { rawBody?: Buffer }).rawBody = bytes);
  // report-uri's CSP reports (application/csp-report) are JSON too (csp-reports.ts).
  instance.addContentTypeParser(/^application\/(?:(?:[\w.+-]+\+)?json|csp-report)(?:\s*;|$)/i, { parseAs: 'buffer' }, (req, bytes: Buffer, done) => {
    keepRaw(req, bytes);
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    if (text === '') return done(null, {});
    // The first character after leading whitespace (JSON.parse then refuses any but JSON's own).
    const first = text.trimStart()[0];
    if (first !== '{' && first !== '[') return done(badBody(`Unexpected token '${first}', the body is not a JSON object or array`));
    try {
      done(null, JSON.parse(text));
    } catch (e) {
      done(badBody((e as Error).message));
    }
  });
  instance.addContentTypeParser(/^application\/x-www-form-urlencoded(?:\s*;|$)/i, { parseAs: 'buffer' }, (req, bytes: Buffer, done) => {
    keepRaw(req, bytes);
    const text = bytes.toString('utf8');
    const parameters = text.split('&').length;
    if (parameters > FORM_PARAMETERS_MAX) return done(Object.assign(new Error('too many parameters'), { statusCode: 413 }));
    try {
      done(null, text ? parseForm(text, { allowPrototypes: true, arrayLimit: Math.max(100, parameters), depth: 32, parameterLimit: FORM_PARAMETERS_MAX, strictDepth: true }) : {});
    } catch (e) {
      done(e instanceof RangeError ? badBody('The input exceeded the depth') : (e as Error));
    }
  });
  // WHIP and WHEP (docs/live.md, "Sub-second delivery"): an SDP offer, and trickle ICE fragments, as text.
  instance.addContentTypeParser(/^application\/(?:sdp|trickle-ice-sdpfrag)(?:\s*;|$)/i, { parseAs: 'string', bodyLimit: SDP_LIMIT_BYTES }, (_req, text, done) => done(null, text));
  // Unread, as Express left a body it had no parser for.
  instance.addContentTypeParser('*', (_req, payload, done) => {
    payload.resume();
    done(null, undefined);
  });
}
