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
      new LivePipeline('s1', 'rtmp', false, child, files, { onFirstSegment: () => undefined, onStopped: resolve }, (m) => logged.push(m));
    });
    fail(`[tcp @ 0x55] Connection refused\nrtmp://127.0.0.1:1935/live/${key}: Input/output error\n`, 1);
    expect(await stopped).toBe(false);
    expect(logged.join('\n')).toContain('ffmpeg of s1 ended (1):');
    expect(logged.join('\n')).toContain('rtmp://127.0.0.1:1935/live/[key]');
    expect(logged.join('\n')).not.toContain(key);
  });
});
