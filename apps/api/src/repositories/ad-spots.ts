import { GENERATOR_VERSION, generateTrack } from '@grouarock/music-generator';
import { Inject, Injectable } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { Ffmpeg } from './ffmpeg';

/** The audio files a spot may be, by extension, and the type each is served with. */
export const SPOT_TYPES: Readonly<Record<string, string>> = {
  '.mp3': 'audio/mpeg',
  '.aac': 'audio/aac',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
};

/** The built-in spot promoting Premium, served under this name. */
export const HOUSE_SPOT = 'grouarock-premium.mp3';
/** Its length: a short sting of the built-in generator's punk rock. */
const HOUSE_SPOT_SECONDS = 8;

/**
 * The ad spots' files: the operator's directory (ADS_DIR), the built-in house spot (rendered by our own generator on
 * first use and kept in DATA_DIR/ads), and each spot's length as ffmpeg reads it.
 */
@Injectable()
export class AdSpots {
  private house?: Promise<string>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ffmpeg: Ffmpeg,
  ) {}

  /** The spot files in ADS_DIR (audio by extension, hidden files skipped), sorted; none without ADS_DIR. */
  async operatorFiles(): Promise<string[]> {
    const dir = this.config.ads.dir;
    if (!dir) return [];
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile() && !e.name.startsWith('.') && SPOT_TYPES[path.extname(e.name).toLowerCase()])
      .map((e) => e.name)
      .sort();
  }

  /** The file behind a spot's name, if there is one: the house spot (rendered if needed), else a file of ADS_DIR. */
  async fileOf(name: string): Promise<string | undefined> {
    if (name === HOUSE_SPOT) return this.houseSpot();
    const dir = this.config.ads.dir;
    if (!dir || path.basename(name) !== name || name.startsWith('.')) return undefined;
    const file = path.join(dir, name);
    return (await stat(file).catch(() => undefined))?.isFile() ? file : undefined;
  }

  /** The house spot's file, rendered once per generator version: the generator's punk rock, encoded to MP3 by ffmpeg. */
  houseSpot(): Promise<string> {
    this.house ??= this.renderHouseSpot().catch((e: unknown) => {
      this.house = undefined;
      throw e;
    });
    return this.house;
  }

  /** A spot's length in seconds as ffmpeg reads it from the file or URL's header; rejects when it is not audio. */
  durationOf(source: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.ffmpeg.binary, ['-hide_banner', '-nostdin', '-rw_timeout', '10000000', '-i', source], { stdio: ['ignore', 'ignore', 'pipe'] });
      let text = '';
      child.stderr.on('data', (chunk: Buffer) => (text = (text + chunk.toString()).slice(-8000)));
      child.once('error', reject);
      // ffmpeg exits with 1 (no output named) after printing what it read.
      child.once('close', () => {
        const match = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(text);
        const seconds = match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : NaN;
        if (seconds > 0 && /Stream #.*Audio:/.test(text)) resolve(Math.round(seconds * 100) / 100);
        else reject(new Error(`Not an audio file with a length: ${source}`));
      });
    });
  }

  private async renderHouseSpot(): Promise<string> {
    const dir = path.join(this.config.dataDir, 'ads');
    const file = path.join(dir, `grouarock-premium-v${GENERATOR_VERSION}.mp3`);
    if (existsSync(file)) return file;
    const track = generateTrack({ genre: 'punk-rock', prompt: 'GrouaRock Premium: radio bez reklam', seconds: HOUSE_SPOT_SECONDS, seed: 2026 });
    const mp3 = await this.ffmpeg.encodeMp3(track.left, track.right, track.sampleRate);
    await mkdir(dir, { recursive: true });
    // Written aside and moved into place, so a process starting beside this one never serves half a file.
    const draft = `${file}.${randomBytes(4).toString('hex')}`;
    await writeFile(draft, mp3);
    await rename(draft, file);
    return file;
  }
}
