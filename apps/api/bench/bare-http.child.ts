// The reference for bench:http: bare node:http answering every request with the bytes its parent sends it (over
// IPC), with the same headers, and nothing else in the way.
import { createServer } from 'node:http';

let body = Buffer.alloc(0);
const server = createServer((req, res) => {
  req.resume();
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
process.on('message', (message: { body: string }) => {
  body = Buffer.from(message.body);
  if (!server.listening) server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }));
});
