import { Inject, Injectable } from '@nestjs/common';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/config';

/**
 * Where a stream's packager reads from: the RTMP server (a copy), a browser's WebM on stdin (H.264 copied, or VP8
 * encoded), or the RTP a WebRTC publisher sends, forwarded on loopback by the WebRTC engine (`sdp` describes it).
 */
export type HlsInput = { kind: 'rtmp'; url: string } | { kind: 'webm'; transcode: boolean } | { kind: 'rtp'; sdp: string };

/** HLS segment length in seconds (docs/live.md): latency is about three of them. */
export const SEGMENT_SECONDS = 1;

/**
 * ffmpeg, which packages live HLS and encodes the studio's tracks: FFMPEG_PATH, else the static build shipped inside the
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
  /**
   * Stereo Float32 PCM to MP3 (LAME, 160 kbit/s, the rate given), the format every browser plays. Rejects with
   * ffmpeg's last words when it fails.
   */
  encodeMp3(left: Float32Array, right: Float32Array, sampleRate: number): Promise<EncodedAudio> {
    const child = spawn(
      this.binary,
      ['-hide_banner', '-nostdin', '-loglevel', 'error', '-f', 'f32le', '-ar', String(sampleRate), '-ac', '2', '-i', 'pipe:0', '-c:a', 'libmp3lame', '-b:a', '160k', '-f', 'mp3', 'pipe:1'],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const chunks: Buffer[] = [];
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
    child.stdin.on('error', () => undefined);
    const done = new Promise<EncodedAudio>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ffmpeg could not encode MP3 (${code}): ${errors.trim()}`))));
    });
    // Interleaved in slices of about a second, so a long track never needs a second full-size buffer.
    const frames = 44_100;
    for (let start = 0; start < left.length; start += frames) {
      const end = Math.min(left.length, start + frames);
      const slice = new Float32Array((end - start) * 2);
      for (let i = start; i < end; i++) {
        slice[(i - start) * 2] = left[i];
        slice[(i - start) * 2 + 1] = right[i];
      }
      child.stdin.write(Buffer.from(slice.buffer));
    }
    child.stdin.end();
    return done;
  }

  /**
   * An RTMP stream as RTP for the WebRTC engine (docs/live.md, "Sub-second delivery"), on loopback: its H.264 copied in
   * Annex B (parameter sets before each keyframe, which a viewer joining later needs), its AAC encoded to stereo Opus
   * (WebRTC has no AAC). A process of its own beside the HLS packager, so that a failure here never stops the HLS.
   */
  feedRtp(url: string, ports: { video: number; audio: number }): ChildProcess {
    const rtp = (port: number) => `rtp://127.0.0.1:${port}?pkt_size=1200`;
    return spawn(
      this.binary,
      [
        '-hide_banner', '-nostdin', '-loglevel', 'error',
        '-fflags', 'nobuffer', '-probesize', '65536', '-analyzeduration', '500000', '-rw_timeout', '10000000', '-i', url,
        '-map', '0:v:0', '-c:v', 'copy', '-bsf:v', 'h264_mp4toannexb', '-payload_type', String(FEED_PAYLOAD_TYPES.video), '-f', 'rtp', rtp(ports.video),
        '-map', '0:a:0?', '-c:a', 'libopus', '-ac', '2', '-ar', '48000', '-b:a', '128k', '-application', 'audio', '-frame_duration', '20',
        '-payload_type', String(FEED_PAYLOAD_TYPES.audio), '-f', 'rtp', rtp(ports.audio),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  }

  packageHls(input: HlsInput, dir: string): ChildProcess {
    const inputArgs =
      input.kind === 'rtmp'
        ? ['-probesize', '65536', '-analyzeduration', '500000', '-rw_timeout', '10000000', '-i', input.url, '-c', 'copy']
        : input.kind === 'rtp'
          ? [
              // The SDP comes on stdin; the RTP on the loopback ports it names. WebRTC's H.264 is copied (the engine asks the
              // publisher for a keyframe each segment), its Opus becomes AAC.
              '-protocol_whitelist', 'pipe,udp,rtp', '-probesize', '65536', '-analyzeduration', '500000', '-f', 'sdp', '-i', 'pipe:0',
              '-c:v', 'copy', '-c:a', 'aac', '-b:a', '160k', '-ar', '48000',
            ]
          : [
            '-fflags', 'nobuffer', '-f', 'matroska', '-i', 'pipe:0',
            ...(input.transcode
              ? ['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`]
              : ['-c:v', 'copy']),
            // Browsers record Opus; HLS players take AAC.
            '-c:a', 'aac', '-b:a', '128k', '-ar', '48000',
            ];
    const child = spawn(
      this.binary,
      [
        '-hide_banner', '-nostdin', '-loglevel', 'error',
        ...inputArgs,
        '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_list_size', '6', '-hls_flags', 'independent_segments',
        '-hls_segment_filename', path.join(dir, 'seg-%d.ts'),
        path.join(dir, 'ffmpeg.m3u8'),
      ],
      { stdio: [input.kind === 'rtmp' ? 'ignore' : 'pipe', 'ignore', 'pipe'] },
    );
    if (input.kind === 'rtp') {
      child.stdin!.on('error', () => undefined);
      child.stdin!.end(input.sdp);
    }
    return child;
  }
}

/** The payload types of the RTP an RTMP stream is fed to the WebRTC engine with (H.264, and Opus transcoded from AAC). */
export const FEED_PAYLOAD_TYPES = { video: 96, audio: 111 } as const;

/** What an encode produced: the file's bytes. */
export type EncodedAudio = Buffer;

function installedBinary(): string | undefined {
  try {
    const { path: binary } = createRequire(__filename)('@ffmpeg-installer/ffmpeg') as { path: string };
    return existsSync(binary) ? binary : undefined;
  } catch {
    // No build for this platform in the package.
    return undefined;
  }
}
