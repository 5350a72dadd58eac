import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.wav': 'audio/wav',
};

export interface StaticServer {
  url: string;
  close: () => Promise<void>;
}

/** Maps a request path onto a file under `root`, refusing anything that would escape it. */
function resolveFile(root: string, requestUrl: string): string | null {
  const pathname = decodeURIComponent(new URL(requestUrl, 'http://localhost').pathname);
  const file = path.resolve(root, `.${pathname.endsWith('/') ? `${pathname}index.html` : pathname}`);
  return file === root || file.startsWith(`${root}${path.sep}`) ? file : null;
}

/**
 * A minimal read-only file server for the pages our browser tests open (the built Storybook, the audio
 * engine's test page), on 127.0.0.1 and a port the OS picks.
 */
export async function startStaticServer(rootDir: string): Promise<StaticServer> {
  const root = path.resolve(rootDir);
  const server: Server = createServer((request, response) => {
    const file = resolveFile(root, request.url ?? '/');
    if (!file || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(file ? 405 : 403).end();
      return;
    }
    stat(file).then(
      (info) => {
        if (!info.isFile()) {
          response.writeHead(404).end();
          return;
        }
        response.writeHead(200, {
          'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
          'content-length': info.size,
          'cache-control': 'no-store',
        });
        if (request.method === 'HEAD') response.end();
        else createReadStream(file).pipe(response);
      },
      () => {
        // Browsers ask for /favicon.ico on their own and the test pages ship none; answer "nothing" rather
        // than 404 so the console stays clean for real errors.
        response.writeHead(request.url === '/favicon.ico' ? 204 : 404).end();
      },
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
