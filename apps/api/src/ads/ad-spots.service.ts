import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { API_PREFIX } from '../core/http/openapi';
import { sendFile } from '../core/http/send-file';
import type { FastifyReply } from 'fastify';
import path from 'node:path';
import { AdSpots, HOUSE_SPOT, SPOT_TYPES } from '../repositories/ad-spots';
import { adsErrors } from './ads-errors';
import type { ChosenSpot } from './ad-rules';

/** A spot the rotation may hand out: where the player fetches it, and where its length is read from. */
interface SpotSource {
  url: string;
  source: () => Promise<string>;
}

/**
 * The spots in rotation: the operator's (ADS_DIR's files, then ADS_URLS), or the built-in house spot promoting Premium
 * when the operator has none. Lengths are read once per spot and kept.
 */
@Injectable()
export class AdSpotsService {
  private readonly logger = new Logger('Ads');
  private readonly lengths = new Map<string, Promise<number>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly spots: AdSpots,
  ) {}

  /** The spot of the `n`-th break (round robin), skipping spots whose length cannot be read; undefined with none at all. */
  async choose(n: number): Promise<ChosenSpot | undefined> {
    const rotation = await this.rotation();
    for (let i = 0; i < rotation.length; i++) {
      const spot = rotation[(n + i) % rotation.length];
      const seconds = await this.lengthOf(spot);
      if (seconds !== undefined) return { url: spot.url, seconds };
    }
    return undefined;
  }

  /** Answers GET /ads/spots/{name}: the file as it is (audio is never compressed), byte ranges when asked, cached for an hour. */
  async send(name: string, res: FastifyReply): Promise<void> {
    const file = await this.spots.fileOf(name);
    if (!file) throw adsErrors.spotMissing();
    const type = SPOT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    await sendFile(res.request, res, file, {
      headers: { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'public, max-age=3600' },
      notFound: adsErrors.spotMissing,
    });
  }

  private async rotation(): Promise<SpotSource[]> {
    const served = (name: string) => `/${API_PREFIX}/ads/spots/${encodeURIComponent(name)}`;
    const files = await this.spots.operatorFiles();
    const operator: SpotSource[] = [
      ...files.map((name) => ({ url: served(name), source: async () => (await this.spots.fileOf(name)) ?? name })),
      ...this.config.ads.urls.map((url) => ({ url, source: () => Promise.resolve(url) })),
    ];
    return operator.length ? operator : [{ url: served(HOUSE_SPOT), source: () => this.spots.houseSpot() }];
  }

  private async lengthOf(spot: SpotSource): Promise<number | undefined> {
    let length = this.lengths.get(spot.url);
    if (!length) {
      length = spot.source().then((source) => this.spots.durationOf(source));
      this.lengths.set(spot.url, length);
    }
    try {
      return await length;
    } catch (e) {
      // Tried again at the next break: the operator may fix the file, or the URL may answer then.
      this.lengths.delete(spot.url);
      this.logger.warn(`Ad spot ${spot.url} skipped: ${(e as Error).message}`);
      return undefined;
    }
  }
}
