import { Injectable } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import Bowser from 'bowser';
import { ScheduledJobs } from '../core/metrics/scheduled-jobs';
import { AccountSecurityRepository } from '../repositories/account-security.repository';
import type { SecurityEvent, SecurityEventType } from '../repositories/schema/security-event.entity';
import type { ClientInfo } from './auth.service';

/** How long the security log keeps a line (GitHub's security log keeps 90 days; a season of shows is longer). */
export const SECURITY_LOG_DAYS = 180;

/** A browser and system in words, from a User-Agent: what the session list and the log show. */
export interface DeviceSummary {
  browser: string | null;
  os: string | null;
  /** desktop, mobile, tablet or tv, when the browser says. */
  device: string | null;
}

export function describeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  if (!userAgent) return { browser: null, os: null, device: null };
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ') || null;
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ') || null;
  return { browser, os, device: parsed.platform.type ?? null };
}

/**
 * The account's security log (issue 39): sign-ins, failed second factors, factors and passkeys added or removed,
 * sessions ended, password changes, API keys made or revoked; each with the address and browser it came from. Shown
 * in /profile and in the data export; lines older than 180 days are forgotten hourly.
 */
@Injectable()
export class SecurityLog {
  constructor(
    private readonly repository: AccountSecurityRepository,
    private readonly scheduled: ScheduledJobs,
  ) {}

  async record(userId: string, type: SecurityEventType, client?: Partial<ClientInfo>, detail: Record<string, string> = {}): Promise<void> {
    await this.repository.addEvent({ userId, type, ip: client?.ip?.slice(0, 64) ?? null, userAgent: client?.userAgent?.slice(0, 512) ?? null, detail });
  }

  list(userId: string, limit: number, before?: Date): Promise<SecurityEvent[]> {
    return this.repository.eventsOf(userId, limit, before);
  }

  @Cron(CronExpression.EVERY_HOUR)
  async sweep(): Promise<void> {
    await this.scheduled.run('account-security-sweep', 3600, () => this.repository.sweep(SECURITY_LOG_DAYS, new Date()));
  }
}
