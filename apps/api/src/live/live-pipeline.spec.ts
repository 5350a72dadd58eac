import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { HlsFiles } from '../repositories/hls-files';
import type { StreamSegment } from './hls-playlist';
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
      new LivePipeline(
        's1',
        'rtmp',
        false,
        child,
        files,
        { onSegments: () => Promise.resolve(), onPublished: () => undefined, onFirstSegment: () => undefined, onStopped: resolve },
        (m) => logged.push(m),
      );
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
          onPublished: () => undefined,
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

describe('LivePipeline through an outage longer than ffmpeg lists', () => {
  /** ffmpeg's playlist as it writes it: its last six segments of `count`. */
  const lastSix = (count: number) => {
    const first = Math.max(0, count - 6);
    return `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:${first}\n` + Array.from({ length: count - first }, (_, i) => `#EXTINF:1.000000,\nseg-${first + i}.ts\n`).join('');
  };

  it('publishes and journals every segment ffmpeg wrote while the database was away, those that scrolled out of its list too', async () => {
    const { child, fail } = failingFfmpeg();
    let written = lastSix(1);
    let databaseUp = true;
    const moved: string[] = [];
    const files = {
      readPackagerPlaylist: () => Promise.resolve(written),
      publishSegment: (_id: string, name: string) => Promise.resolve(void moved.push(name)),
      publishPlaylist: () => Promise.resolve(),
    } as unknown as HlsFiles;
    const journaled: number[] = [];
    const live = new Promise<void>((resolve) => {
      new LivePipeline(
        's1',
        'rtmp',
        false,
        child,
        files,
        {
          onSegments: (segments) => (databaseUp ? Promise.resolve(void journaled.push(...segments.map((s) => s.sequence))) : Promise.reject(new Error('database away'))),
          onPublished: () => undefined,
          onFirstSegment: resolve,
          onStopped: () => undefined,
        },
        () => undefined,
      );
    });
    await live;
    // Ten segments while the journal cannot be written: ffmpeg's list shows only the last six of them.
    databaseUp = false;
    for (let count = 2; count <= 11; count++) {
      written = lastSix(count);
      await new Promise((r) => setTimeout(r, 120));
    }
    databaseUp = true;
    await new Promise((r) => setTimeout(r, 250));
    fail('', 0);
    await new Promise((r) => setTimeout(r, 50));
    expect(journaled).toEqual(Array.from({ length: 11 }, (_, i) => i));
    expect(moved).toEqual(Array.from({ length: 11 }, (_, i) => `seg-${i}.ts`));
  });
});

describe('LivePipeline continuing a stream after its publisher came back', () => {
  const ffmpegPlaylist = (count: number) =>
    `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:0\n` + Array.from({ length: count }, (_, i) => `#EXTINF:1.000000,\nseg-${i}.ts\n`).join('');
  const before = (sequence: number): StreamSegment => ({ sequence, uri: `seg-${sequence}.ts`, duration: 1, discontinuity: false });

  it('numbers its segments on from the last one published, marks the first a discontinuity and keeps the window viewers had', async () => {
    const { child, fail } = failingFfmpeg();
    let written = ffmpegPlaylist(1);
    const moved: string[] = [];
    const playlists: string[] = [];
    const journaled: StreamSegment[][] = [];
    const delays: number[] = [];
    const files = {
      readPackagerPlaylist: () => Promise.resolve(written),
      publishSegment: (_id: string, name: string, stored: string) => Promise.resolve(void moved.push(`${name} as ${stored}`)),
      publishPlaylist: (_id: string, text: string) => Promise.resolve(void playlists.push(text)),
    } as unknown as HlsFiles;
    const live = new Promise<void>((resolve) => {
      new LivePipeline(
        's1',
        'rtmp',
        false,
        child,
        files,
        {
          onSegments: (segments) => Promise.resolve(void journaled.push(segments)),
          onPublished: (published) => void delays.push(...published),
          onFirstSegment: resolve,
          onStopped: () => undefined,
        },
        () => undefined,
        { window: { segments: [before(11), before(12), before(13)], discontinuitySequence: 0, targetDuration: 1 }, firstSequence: 14, continues: true },
      );
    });
    await live;
    written = ffmpegPlaylist(2);
    await new Promise((r) => setTimeout(r, 250));
    fail('', 0);
    await new Promise((r) => setTimeout(r, 50));
    expect(moved).toEqual(['seg-0.ts as seg-14.ts', 'seg-1.ts as seg-15.ts']);
    expect(journaled.map((segments) => segments.map((s) => [s.uri, s.sequence, s.discontinuity]))).toEqual([[['seg-14.ts', 14, true]], [['seg-15.ts', 15, false]]]);
    // The segments this packager listed are dated by when it saw them (their start: that less their length); the
    // journal's, from before the reconnect, are not.
    const undated = (text: string) => text.replace(/#EXT-X-PROGRAM-DATE-TIME:\S+\n/g, '');
    const dated = [...playlists.at(-1)!.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(\S+)\n#EXTINF:([\d.]+),\n(\S+)\n/g)];
    expect(dated.map((m) => m[3])).toEqual(['seg-14.ts', 'seg-15.ts']);
    for (const [, date, duration] of dated) expect(Date.now() - (Date.parse(date) + Number(duration) * 1000)).toBeGreaterThanOrEqual(0);
    expect(Date.now() - (Date.parse(dated[0][1]) + 1000)).toBeLessThan(60_000);
    expect(undated(playlists[0])).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:11\n#EXT-X-INDEPENDENT-SEGMENTS\n' +
        '#EXTINF:1.000000,\nseg-11.ts\n#EXTINF:1.000000,\nseg-12.ts\n#EXTINF:1.000000,\nseg-13.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:1.000000,\nseg-14.ts\n',
    );
    expect(undated(playlists.at(-1)!)).toContain('#EXT-X-DISCONTINUITY\n#EXTINF:1.000000,\nseg-14.ts\n#EXTINF:1.000000,\nseg-15.ts\n');
    // One delay per segment, from ffmpeg listing it to its playlist being in the store (here at once).
    expect(delays).toHaveLength(2);
    expect(delays.every((d) => d >= 0 && d < 0.5)).toBe(true);
  });
});
