// The reference for bench:realtime: a bare `ws` server that broadcasts what its parent sends it (over IPC)
// to every connected client, with nothing else in the way.
import { WebSocketServer, WebSocket } from 'ws';

const server = new WebSocketServer({ port: 0, host: '127.0.0.1' }, () => {
  process.send?.({ port: (server.address() as { port: number }).port });
});
process.on('message', (frame: string) => {
  for (const client of server.clients) if (client.readyState === WebSocket.OPEN) client.send(frame);
});
// Gone with its parent, whatever ended it.
process.on('disconnect', () => process.exit(0));
