import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The S3 settings of our API for a bucket of the local store. */
export interface S3Settings {
  S3_ENDPOINT: string;
  S3_BUCKET: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_FORCE_PATH_STYLE: string;
}

/**
 * A local server speaking the S3 REST API (s3rver: signatures, multipart uploads, ranges), reached by the API
 * through the real AWS SDK exactly as MinIO, S3 or R2 would be. Its files live in a temporary folder.
 */
export class LocalObjectStore {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'grouarock-s3-'));
  private server?: S3rver;
  endpoint = '';

  constructor(readonly buckets: string[] = ['grouarock-media']) {}

  /** The port it listens on: kept when it is stopped and started again (an outage of the bucket). */
  port = 0;

  async start(): Promise<this> {
    this.server = new S3rver({
      port: this.port,
      address: '127.0.0.1',
      silent: true,
      directory: this.dir,
      configureBuckets: this.buckets.map((name) => ({ name, configs: [] })),
    });
    const { port } = (await this.server.run()) as { port: number };
    this.port = port;
    this.endpoint = `http://127.0.0.1:${port}`;
    return this;
  }

  /** Stops answering, keeping every object (start() brings it back on the same port): a bucket outage. */
  async pause(): Promise<void> {
    // Its clients' kept-alive connections end too, as a bucket that went away would end them.
    const closing = this.server?.close();
    (this.server as unknown as { httpServer?: { closeAllConnections(): void } } | undefined)?.httpServer?.closeAllConnections();
    await closing;
    this.server = undefined;
  }

  /** The API's settings for `bucket` (s3rver takes its own fixed key pair). */
  env(bucket = this.buckets[0]): S3Settings {
    return {
      S3_ENDPOINT: this.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    };
  }

  async stop(): Promise<void> {
    await this.server?.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
