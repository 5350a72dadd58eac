import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * helmet's headers for these options, set by one middleware (docs/request-path.md): helmet is run once, on a recording
 * response, and every answer gets what it set (and loses what it removed), the same names and values in the same order,
 * without a dozen middlewares a request (configureApp runs it in an onRequest hook, on the raw response, so
 * these headers are written first). Only for options whose headers do not depend on the request: a CSP directive
 * given as a function (a nonce) is refused here.
 */
export function securityHeaders(options: HelmetOptions): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  for (const [name, values] of Object.entries(typeof options.contentSecurityPolicy === 'object' ? (options.contentSecurityPolicy.directives ?? {}) : {})) {
    if ([values].flat().some((value) => typeof value === 'function')) throw new Error(`securityHeaders: the ${name} directive depends on the request; use helmet itself`);
  }
  const set: [name: string, value: string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('securityHeaders: helmet did not finish at once');
  return function securityHeaders(_req, res, next) {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}
