import { Inject, Injectable } from '@nestjs/common';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/config';

/** Where a stream's packager reads from: the RTMP server (a copy), or a browser's WebM on stdin (H.264 copied, or VP8 encoded). */
export type HlsInput = { kind: 'rtmp'; url: string } | { kind: 'webm'; transcode: boolean };

/** HLS segment length in seconds (docs/live.md): latency is about three of them. */
export const SEGMENT_SECONDS = 1;

/**
 * ffmpeg, the one program that packages live HLS: FFMPEG_PATH, else the static build shipped inside the
 * @ffmpeg-installer/ffmpeg npm package (so a fresh `npm ci` has it offline), else `ffmpeg` on PATH.
 */
@Injectable()
export class Ffmpeg {
  readonly binary: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.binary = config.live.ffmpegPath ?? installedBinary() ?? 'ffmpeg';
  }

  /**
   * Packages `input` as live HLS into `dir`: `ffmpeg.m3u8` (a window of 6 segments, which the API validates and
   * republishes) and `seg-N.ts`, each starting on a keyframe. Segments are never deleted here: they make the replay.
   */
  packageHls(input: HlsInput, dir: string): ChildProcess {
    const inputArgs =
      input.kind === 'rtmp'
        ? ['-probesize', '65536', '-analyzeduration', '500000', '-rw_timeout', '10000000', '-i', input.url, '-c', 'copy']
        : [
            '-fflags', 'nobuffer', '-f', 'matroska', '-i', 'pipe:0',
            ...(input.transcode
              ? ['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`]
              : ['-c:v', 'copy']),
            // Browsers record Opus; HLS players take AAC.
            '-c:a', 'aac', '-b:a', '128k', '-ar', '48000',
          ];
    return spawn(
      this.binary,
      [
        '-hide_banner', '-nostdin', '-loglevel', 'error',
        ...inputArgs,
        '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_list_size', '6', '-hls_flags', 'independent_segments',
        '-hls_segment_filename', path.join(dir, 'seg-%d.ts'),
        path.join(dir, 'ffmpeg.m3u8'),
      ],
      { stdio: [input.kind === 'webm' ? 'pipe' : 'ignore', 'ignore', 'pipe'] },
    );
  }
}

function installedBinary(): string | undefined {
  try {
    const { path: binary } = createRequire(__filename)('@ffmpeg-installer/ffmpeg') as { path: string };
    return existsSync(binary) ? binary : undefined;
  } catch {
    // No build for this platform in the package.
    return undefined;
  }
}
