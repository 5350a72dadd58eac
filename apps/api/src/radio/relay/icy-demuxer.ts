import { Transform, type TransformCallback } from 'node:stream';
import { decodeMetadata } from './icy-title';

/**
 * Splits an ICY stream (`icy-metaint` bytes of audio, then a length byte ×16, then that much metadata,
 * repeated) into pure audio (what passes through) and metadata text ('metadata' events). With no
 * metaint, everything is audio.
 */
export class IcyDemuxer extends Transform {
  private audioLeft: number;
  private metaLength = -1;
  private metaParts: Buffer[] = [];
  private metaGot = 0;

  constructor(private readonly metaint: number | undefined) {
    super();
    this.audioLeft = metaint ?? Infinity;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.audioLeft > 0) {
        const take = Math.min(this.audioLeft, chunk.length - offset);
        this.push(chunk.subarray(offset, offset + take));
        offset += take;
        this.audioLeft -= take;
      } else if (this.metaLength < 0) {
        this.metaLength = chunk[offset] * 16;
        offset += 1;
        if (this.metaLength === 0) this.endMetadata();
      } else {
        const take = Math.min(this.metaLength - this.metaGot, chunk.length - offset);
        this.metaParts.push(chunk.subarray(offset, offset + take));
        this.metaGot += take;
        offset += take;
        if (this.metaGot === this.metaLength) this.endMetadata();
      }
    }
    done();
  }

  private endMetadata(): void {
    if (this.metaGot > 0) {
      const text = decodeMetadata(Buffer.concat(this.metaParts)).replace(/\0+$/, '');
      if (text) this.emit('metadata', text);
    }
    this.metaParts = [];
    this.metaGot = 0;
    this.metaLength = -1;
    this.audioLeft = this.metaint as number;
  }
}
