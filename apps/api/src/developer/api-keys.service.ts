import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { hashToken } from '../core/security/secrets';
import { ApiKeyRepository, type ApiKeyRow } from '../repositories/api-key.repository';
import type { ClientInfo } from '../auth/auth.service';
import { SecurityLog } from '../auth/security-log.service';
import { API_KEY_START_LENGTH, newApiKey } from '../core/security/api-key-format';
import { type ApiKeyDto, type ApiKeyListDto, type CreateApiKeyDto, type CreatedApiKeyDto, DEFAULT_API_KEY_LIFETIME } from './developer.dto';

export function toApiKeyDto(row: ApiKeyRow): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    start: row.start,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/**
 * A developer's API keys: made and shown once, for 30, 90 or 365 days or for good, listed by their start (an expired
 * one for 30 days more, so that its owner sees why it stopped working), revoked at once.
 */
@Injectable()
export class ApiKeysService {
  static readonly maxActive = 10;
  static readonly expiredListedDays = 30;

  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly log: SecurityLog,
  ) {}

  async list(userId: string): Promise<ApiKeyListDto> {
    return { keys: (await this.keys.listedOf(userId, ApiKeysService.expiredListedDays)).map(toApiKeyDto), maxActive: ApiKeysService.maxActive };
  }

  async create(userId: string, { name, scope = 'read-only', expiresInDays }: CreateApiKeyDto, client: ClientInfo): Promise<CreatedApiKeyDto> {
    const key = newApiKey();
    const lifetimeDays = expiresInDays === undefined ? DEFAULT_API_KEY_LIFETIME : expiresInDays;
    const row = await this.keys.insertWithinLimit({ userId, name, scope, start: key.slice(0, API_KEY_START_LENGTH), hash: hashToken(key), lifetimeDays }, ApiKeysService.maxActive);
    if (!row) throw new ConflictException({ message: `An account may have ${ApiKeysService.maxActive} active API keys: revoke one first`, code: 'too_many_keys' });
    await this.log.record(userId, 'api_key_created', client, { key: row.name, scope: row.scope });
    return { ...toApiKeyDto(row), key };
  }

  async revoke(userId: string, id: string, client: ClientInfo): Promise<void> {
    const name = await this.keys.revoke(userId, id);
    if (name === undefined) throw new NotFoundException({ message: 'No such API key', code: 'key_not_found' });
    await this.log.record(userId, 'api_key_revoked', client, { key: name });
  }
}
