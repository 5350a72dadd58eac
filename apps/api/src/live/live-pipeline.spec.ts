import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { HlsFiles } from '../repositories/hls-files';
import { LivePipeline } from './live-pipeline';

/** An ffmpeg that never wrote a playlist and ends with `code` after saying `stderr`. */
function failingFfmpeg(): { child: ChildProcess; fail: (stderr: string, code: number) => void } {
  const child = Object.assign(new EventEmitter(), { stderr: new PassThrough(), stdin: null, exitCode: null as number | null, signalCode: null, kill: () => true });
  return {
    child: child as unknown as ChildProcess,
    fail: (stderr, code) => {
      child.stderr.write(stderr);
      setImmediate(() => {
        child.exitCode = code;
        child.emit('exit', code);
      });
    },
  };
}

describe('LivePipeline', () => {
  it('logs why ffmpeg ended without the stream key its RTMP input URL carries', async () => {
    const key = 'kq3Vd0aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    const files = { readPackagerPlaylist: () => Promise.resolve(undefined) } as unknown as HlsFiles;
    const logged: string[] = [];
    const { child, fail } = failingFfmpeg();
    const stopped = new Promise<boolean>((resolve) => {
      new LivePipeline('s1', 'rtmp', false, child, files, { onSegments: () => Promise.resolve(), onFirstSegment: () => undefined, onStopped: resolve }, (m) => logged.push(m));
    });
    fail(`[tcp @ 0x55] Connection refused\nrtmp://127.0.0.1:1935/live/${key}: Input/output error\n`, 1);
    expect(await stopped).toBe(false);
    expect(logged.join('\n')).toContain('ffmpeg of s1 ended (1):');
    expect(logged.join('\n')).toContain('rtmp://127.0.0.1:1935/live/[key]');
    expect(logged.join('\n')).not.toContain(key);
  });
});

describe('LivePipeline and the media store', () => {
  const playlistOf = (count: number) =>
    `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:0\n` + Array.from({ length: count }, (_, i) => `#EXTINF:1.000000,\nseg-${i}.ts\n`).join('');

  it('moves each segment into the store before a playlist lists it, and after a failed move tries again without moving one twice', async () => {
    const { child, fail } = failingFfmpeg();
    let written = playlistOf(2);
    const steps: string[] = [];
    let refuse = true;
    const files = {
      readPackagerPlaylist: () => Promise.resolve(written),
      publishSegment: (_id: string, name: string) => {
        if (name === 'seg-1.ts' && refuse) {
          refuse = false;
          steps.push('store away');
          return Promise.reject(new Error('store away'));
        }
        steps.push(`moved ${name}`);
        return Promise.resolve();
      },
      publishPlaylist: (_id: string, text: string) => {
        steps.push(`playlist of ${text.match(/seg-\d+\.ts/g)!.length}`);
        return Promise.resolve();
      },
    } as unknown as HlsFiles;
    const journaled: number[][] = [];
    const live = new Promise<void>((resolve) => {
      new LivePipeline(
        's1',
        'rtmp',
        false,
        child,
        files,
        {
          onSegments: (segments) => {
            journaled.push(segments.map((s) => s.sequence));
            return Promise.resolve();
          },
          onFirstSegment: resolve,
          onStopped: () => undefined,
        },
        () => undefined,
      );
    });
    await live;
    written = playlistOf(3);
    await new Promise((r) => setTimeout(r, 250));
    fail('', 0);
    await new Promise((r) => setTimeout(r, 50));
    expect(steps.slice(0, 5)).toEqual(['moved seg-0.ts', 'store away', 'moved seg-1.ts', 'playlist of 2', 'moved seg-2.ts']);
    expect(steps[5]).toBe('playlist of 3');
    expect(journaled).toEqual([[0, 1], [2]]);
  });
});
