import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';

/** A listener of an endless audio response (a station through the relay): its status and headers, and the audio it got. */
export class StreamListener {
  bytes = 0;
  status = 0;
  headers: IncomingMessage['headers'] = {};
  private readonly chunks: Buffer[] = [];
  private readonly req: ClientRequest;

  /** On a connection of its own, as each listener's player has (the balancer sees each one); `headers` as a player would send them (a cookie, a token). */
  constructor(url: string, headers: Record<string, string> = {}) {
    this.req = httpRequest(url, { agent: false, headers }, (res) => {
      this.status = res.statusCode ?? 0;
      this.headers = res.headers;
      res.on('data', (chunk: Buffer) => {
        this.bytes += chunk.length;
        if (this.chunks.length < 64) this.chunks.push(chunk);
      });
      res.on('error', () => undefined);
    });
    this.req.on('error', () => undefined);
    this.req.end();
  }

  /** The first chunks it got (up to 64). */
  get received(): Buffer {
    return Buffer.concat(this.chunks);
  }

  close(): void {
    this.req.destroy();
  }
}
