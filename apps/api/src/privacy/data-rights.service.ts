import { Injectable, Logger } from '@nestjs/common';
import { RateLimitedException } from '../core/http/attempt-limiter';
import { randomInt } from 'node:crypto';
import type { Principal } from '../auth/principals.service';
import { BillingService } from '../billing/billing.service';
import { HlsFiles } from '../repositories/hls-files';
import { MediaStorage, StorageUnavailableError } from '../repositories/media-storage';
import { PrivacyRepository } from '../repositories/privacy.repository';
import { RateLimitStore } from '../repositories/rate-limit-store';
import type { AnonymizedDto, DataDeletedDto } from './data-rights.dto';

/** Exports an account may ask for in an hour (each reads everything we hold about it). */
const EXPORTS_PER_HOUR = 5;

function via(principal: Principal): string {
  return principal.via === 'key' ? `key:${principal.keyId}` : principal.via;
}

/** `anon-` and 8 base36 characters. */
function anonymousName(): string {
  return `anon-${Array.from({ length: 8 }, () => '0123456789abcdefghijklmnopqrstuvwxyz'[randomInt(36)]).join('')}`;
}

/**
 * The account holder's data rights (GDPR articles 15, 17 and 20; docs/developer-api.md, "Data rights"): a full export,
 * erasure, and anonymization. Each is recorded in privacy_audit, without personal data.
 */
@Injectable()
export class DataRightsService {
  private readonly logger = new Logger('DataRights');

  constructor(
    private readonly privacy: PrivacyRepository,
    private readonly billing: BillingService,
    private readonly storage: MediaStorage,
    private readonly hls: HlsFiles,
    private readonly rateLimits: RateLimitStore,
  ) {}

  async export(principal: Principal): Promise<Record<string, unknown>> {
    const { hits, msLeft } = await this.rateLimits.hit(`data-export:${principal.userId}`, 3_600_000);
    if (hits > EXPORTS_PER_HOUR) {
      throw new RateLimitedException(Math.max(1, Math.ceil(msLeft / 1000)), `An account may export its data ${EXPORTS_PER_HOUR} times an hour`, 'data_export');
    }
    await this.privacy.audit(principal.userId, 'export', via(principal));
    return { exportedAt: new Date().toISOString(), format: 'grouarock-export/1', ...(await this.privacy.exportOf(principal.userId)) };
  }

  /**
   * Cancels the subscriptions first (if Stripe cannot be reached, nothing is deleted and the caller can try again),
   * then erases every personal row at once (keys, sessions and webhooks with them), then the media files.
   */
  async erase(principal: Principal): Promise<DataDeletedDto> {
    const subscriptionsCancelled = await this.billing.cancelAllNow(principal.userId);
    const media = await this.privacy.erase(principal.userId);
    await this.privacy.audit(principal.userId, 'delete', via(principal));
    await this.removeStudioFiles(media.generationIds);
    for (const id of media.streamIds) await this.hls.remove(id).catch((e: Error) => this.logger.warn(`Removing stream files ${id} failed: ${e.message}`));
    return {
      status: 'deleted',
      subscriptionsCancelled,
      kept: ['billing records (customer and subscription ids, plans, dates) for 5 years, as accounting law asks', 'an audit record of this deletion, without personal data'],
    };
  }

  /**
   * Each generation's folder, studio/<id>, with everything in it. Their rows are gone already: when the media store does
   * not answer, the rest is left to the studio's hourly orphan sweep (docs/studio.md, "Storage") rather than making
   * the erasure wait on a store that is down, once per generation.
   */
  private async removeStudioFiles(generationIds: string[]): Promise<void> {
    for (const id of generationIds) {
      try {
        await this.storage.remove(`studio/${id}`);
      } catch (e) {
        this.logger.warn(`Removing studio files ${id} failed (the studio's orphan sweep removes them): ${(e as Error).message}`);
        if (e instanceof StorageUnavailableError) return;
      }
    }
  }

  async anonymize(principal: Principal): Promise<AnonymizedDto> {
    const name = anonymousName();
    await this.privacy.anonymize(principal.userId, name);
    await this.privacy.audit(principal.userId, 'anonymize', via(principal));
    return { status: 'anonymized', name };
  }
}
