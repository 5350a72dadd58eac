import { spawn } from 'node:child_process';
import { loadConfig } from '../../src/core/config/config';
import { Ffmpeg } from '../../src/repositories/ffmpeg';

const ffmpeg = new Ffmpeg(loadConfig({}));

/** ffmpeg's reading of an MP3, as a player would decode it: its length in seconds and its mean volume in dBFS. */
export function decodeMp3(mp3: Buffer): Promise<{ seconds: number; meanDb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg.binary, ['-hide_banner', '-i', 'pipe:0', '-af', 'volumedetect', '-f', 'null', '-'], { stdio: ['pipe', 'ignore', 'pipe'] });
    let log = '';
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    child.once('close', (code) => {
      const times = [...log.matchAll(/time=(\d+):(\d+):([\d.]+)/g)].at(-1);
      const mean = /mean_volume: (-?[\d.]+) dB/.exec(log);
      if (code !== 0 || !times || !mean) return reject(new Error(`ffmpeg could not decode it (${code}):\n${log}`));
      resolve({ seconds: Number(times[1]) * 3600 + Number(times[2]) * 60 + Number(times[3]), meanDb: Number(mean[1]) });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(mp3);
  });
}
