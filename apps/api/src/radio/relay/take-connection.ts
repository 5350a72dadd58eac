import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';

/** An HTTP parser as node:http hands one to each connection (lib/_http_common.js); nothing of it is read here. */
type Parser = object;

interface HttpSocket extends Socket {
  parser?: Parser | null;
}

/**
 * Node's own release of a connection's parser: back to its pool, forgetting the request it parsed and the connection.
 * node:http calls it when a connection is upgraded (lib/_http_server.js) and when one closes. Undefined if a Node
 * version stopped offering it: then the parser (and the request) stay until the connection closes, as they would
 * without this module, and nothing else changes.
 */
const freeParser = (() => {
  try {
    const { freeParser: free } = createRequire(__filename)('node:_http_common') as { freeParser?: unknown };
    return typeof free === 'function' ? (free as (parser: Parser, req: IncomingMessage, socket: Socket) => void) : undefined;
  } catch {
    return undefined;
  }
})();

/**
 * What node:http attaches to each connection (lib/_http_server.js, connectionListenerInternal): its parser's input
 * ('data', 'end'), the request's fate ('close', 'error', 'timeout') and the parser's pauses ('drain', 'resume',
 * 'pause'). Once the connection is ours nothing else listens to these yet.
 */
const HTTP_SERVER_EVENTS = ['data', 'end', 'close', 'error', 'timeout', 'drain', 'resume', 'pause'] as const;

/**
 * Takes a connection away from the HTTP server once a response's checks are done, for an answer written straight to
 * the socket for hours (an audio stream), the way node:http itself hands over an upgraded connection. Returns the
 * socket, or undefined if the client already left.
 *
 * Detaching the response alone is not enough: the HTTP server keeps the connection's parser, its listeners on the
 * socket and its list of requests in flight, and through them the request, the response and all that middleware
 * hung on them (the per-request logger, the compressor's hooks, Express's and Nest's state). For a stream that stays
 * open that is several kB per listener held for nothing; here all of it is let go, and the socket keeps only what
 * the caller adds.
 *
 * After this the server no longer reads the connection (from the next turn of the event loop, when the parser is
 * let go): whatever the client sends is discarded, so it cannot start a second request on it; its half-close ends our
 * side as node:http would have (our queued bytes go first), and an error destroys the socket.
 */
export function takeConnection(req: IncomingMessage, res: ServerResponse): Socket | undefined {
  const socket = res.socket as HttpSocket | null;
  if (!socket || socket.destroyed) return undefined;
  res.detachSocket(socket);
  const parser = socket.parser;
  if (!freeParser || !parser) return socket;
  const free = freeParser;
  for (const event of HTTP_SERVER_EVENTS) socket.removeAllListeners(event);
  socket.setTimeout(0);
  // Not from inside the parser: it may still be executing (its request's handler can run before it has finished the
  // message), and a parser freed then puts itself back in the server's list of connections, where server.close()
  // later finds it without a socket. Node frees an upgraded connection's parser after it has returned, too.
  setImmediate(() => {
    if (socket.parser === parser) free(parser, req, socket);
  });
  socket.on('end', endSocket);
  socket.on('error', destroySocket);
  // Anything the client sends from now on is read and dropped.
  socket.resume();
  return socket;
}

function endSocket(this: Socket): void {
  this.end();
}

function destroySocket(this: Socket): void {
  this.destroy();
}
