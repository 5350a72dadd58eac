import type { OnModuleDestroy } from '@nestjs/common';
import { SignatureV4 } from '@smithy/signature-v4';
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ConfigError, type S3Config } from '../core/config/config';
import { type ByteRange, checkedKey, MediaStorage, type PutOptions, StorageUnavailableError, type StoredEntry, type StoredObject } from './media-storage';

/** Parts of a multipart upload: files above this go up in pieces, several at once. */
const PART_BYTES = 8 * 1024 * 1024;

/** Whether the store said the object (or bucket) is not there, as opposed to not answering. */
function isMissing(e: unknown): boolean {
  return e instanceof S3ServiceException && (e.$metadata.httpStatusCode === 404 || e.name === 'NoSuchKey' || e.name === 'NotFound');
}

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: SourceData): string | Uint8Array =>
  typeof data === 'string' ? data : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);

/** SHA-256 (or its HMAC) as SigV4 asks for one, from node:crypto. */
class NodeSha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

/** Anything else the store says or fails to say is a store that cannot serve now. */
function unavailable(e: unknown, doing: string): StorageUnavailableError {
  const detail = e instanceof S3ServiceException ? `${e.name} (${e.$metadata.httpStatusCode ?? 'no status'})` : e instanceof Error ? e.message : String(e);
  return new StorageUnavailableError(`The media store failed ${doing}: ${detail}`, { cause: e });
}

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph RGW) through the official SDK, so every API
 * process on every machine serves every file. Keys are the same as in the local folder.
 */
export class S3MediaStorage extends MediaStorage implements OnModuleDestroy {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(private readonly settings: S3Config) {
    super();
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      credentials: settings.credentials,
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: stores other than AWS (MinIO, R2, Ceph) do not all take the
      // newer trailing checksums on streamed uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // An unreachable store answers a viewer with 503 within seconds instead of holding the request.
      requestHandler: { connectionTimeout: 3000, requestTimeout: 30_000 },
      maxAttempts: 3,
    });
  }

  async put(key: string, data: Buffer | string, options: PutOptions = {}): Promise<void> {
    await this.upload(key, data, options);
  }

  async moveIn(key: string, file: string, options: PutOptions = {}): Promise<void> {
    await this.upload(key, createReadStream(file), options);
    await unlink(file);
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | undefined> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return { body: out.Body as Readable, length: out.ContentLength ?? 0 };
    } catch (e) {
      if (isMissing(e)) return undefined;
      throw unavailable(e, `reading ${key}`);
    }
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }))).ContentLength;
    } catch (e) {
      if (isMissing(e)) return undefined;
      throw unavailable(e, `reading ${key}`);
    }
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length) await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
        batch = [];
      };
      for await (const entry of this.list(key)) {
        batch.push(entry.key);
        if (batch.length === 1000) await flush();
      }
      await flush();
    } catch (e) {
      if (e instanceof StorageUnavailableError) throw e;
      throw unavailable(e, `removing ${key}`);
    }
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    let token: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${checkedKey(prefix)}/`, ContinuationToken: token }));
      } catch (e) {
        throw unavailable(e, `listing ${prefix}`);
      }
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, lastModified: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (e) {
      const status = e instanceof S3ServiceException ? e.$metadata.httpStatusCode : undefined;
      if (status === 404) throw new ConfigError('S3_BUCKET', `names a bucket the store does not have: ${this.bucket}`);
      if (status === 403 || status === 401) throw new ConfigError('S3_ACCESS_KEY_ID', `and S3_SECRET_ACCESS_KEY are refused by the store for bucket ${this.bucket} (${status})`);
      if (status === 301 || status === 400) throw new ConfigError('S3_REGION', `does not match bucket ${this.bucket} (${status}); set the bucket's region`);
      const reason = e instanceof Error ? e.message : String(e);
      throw new ConfigError('S3_ENDPOINT', `cannot be reached (${this.settings.endpoint ?? `AWS S3 in ${this.settings.region}`}): ${reason}`);
    }
  }

  private async upload(key: string, body: Buffer | string | Readable, options: PutOptions): Promise<void> {
    try {
      await new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: checkedKey(key), Body: body, ContentType: options.contentType, CacheControl: options.cacheControl },
        partSize: PART_BYTES,
        queueSize: 4,
        leavePartsOnError: false,
      }).done();
    } catch (e) {
      throw unavailable(e, `storing ${key}`);
    }
  }

  /**
   * A presigned GET of the file, as @aws-sdk/s3-request-presigner makes one: SigV4 in the query, only the host signed,
   * the payload unsigned, so any Range request of the same URL passes until it expires. Computed here, nothing is
   * sent; with the client's own credentials (the configured key or the default chain).
   */
  override async presignedGet(key: string, seconds: number): Promise<string> {
    const base = new URL(this.settings.endpoint ?? `https://s3.${this.settings.region}.amazonaws.com`);
    const pathStyle = this.settings.forcePathStyle || this.bucket.includes('.');
    const host = pathStyle ? base.host : `${this.bucket}.${base.host}`;
    const basePath = base.pathname.replace(/\/+$/, '');
    const path = `${basePath}${pathStyle ? `/${this.bucket}` : ''}/${checkedKey(key)}`;
    const signer = new SignatureV4({ credentials: this.client.config.credentials, region: this.settings.region, service: 's3', sha256: NodeSha256, uriEscapePath: false });
    const signed = await signer.presign(
      { method: 'GET', protocol: base.protocol, hostname: host.replace(/:\d+$/, ''), port: base.port ? Number(base.port) : undefined, path, query: {}, headers: { host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' } },
      { expiresIn: seconds, unsignableHeaders: new Set(['x-amz-content-sha256']), unhoistableHeaders: new Set(['x-amz-content-sha256']) },
    );
    const query = new URLSearchParams(signed.query as Record<string, string>).toString();
    return `${base.protocol}//${host}${path}?${query}`;
  }

  /** Lets the client's sockets go (the app is closing). */
  onModuleDestroy(): void {
    this.client.destroy();
  }
}
