import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';

type Rows = Record<string, unknown>[];

/** What erasing an account leaves for the files: the media to remove after the rows are gone. */
export interface ErasedMedia {
  generationIds: string[];
  streamIds: string[];
}

/**
 * Everything we hold about an account, read for its export, erased or anonymized. Every column is named here, so an
 * export can never carry a hash, a secret or a token by accident: new personal data needs a line here.
 */
/** Every way in, and what says how it was used: erasing or anonymizing an account deletes all of these of it. */
const SIGN_IN_TABLES = ['api_keys', 'webhook_endpoints', 'sessions', 'identities', 'email_tokens', 'mfa_factors', 'recovery_codes', 'passkeys', 'webauthn_challenges', 'security_events'];

@Injectable()
export class PrivacyRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  async exportOf(userId: string): Promise<Record<string, unknown>> {
    const q = (sql: string) => this.manager.query(sql, [userId]) as Promise<Rows>;
    const [account] = await q(
      `SELECT id, email, pending_email AS "pendingEmail", username, display_name AS "displayName", is_anonymous AS "isAnonymous",
         email_confirmed_at AS "emailConfirmedAt", created_at AS "createdAt", updated_at AS "updatedAt", anonymized_at AS "anonymizedAt"
       FROM users WHERE id = $1`,
    );
    const sections = {
      connectedAccounts: q('SELECT provider, email, created_at AS "createdAt" FROM identities WHERE user_id = $1 ORDER BY created_at'),
      sessions: q(
        `SELECT id, user_agent AS "userAgent", ip, aal, created_at AS "createdAt", last_active_at AS "lastActiveAt", revoked_at AS "endedAt", revoked_reason AS "endReason"
         FROM sessions WHERE user_id = $1 ORDER BY created_at`,
      ),
      secondFactors: q('SELECT id, type, verified_at AS "verifiedAt", created_at AS "createdAt" FROM mfa_factors WHERE user_id = $1 ORDER BY created_at'),
      recoveryCodes: q('SELECT created_at AS "createdAt", used_at AS "usedAt" FROM recovery_codes WHERE user_id = $1 ORDER BY created_at'),
      passkeys: q(
        `SELECT id, name, device_type AS "deviceType", backed_up AS "backedUp", transports, aaguid, created_at AS "createdAt", last_used_at AS "lastUsedAt"
         FROM passkeys WHERE user_id = $1 ORDER BY created_at`,
      ),
      securityLog: q('SELECT type, ip, user_agent AS "userAgent", detail, created_at AS "at" FROM security_events WHERE user_id = $1 ORDER BY created_at'),
      likedStations: q('SELECT station_id AS "stationId", created_at AS "likedAt" FROM station_likes WHERE user_id = $1 ORDER BY created_at'),
      playlists: q(
        `SELECT p.id, p.name, p.description, p.is_public AS "isPublic", p.created_at AS "createdAt", p.updated_at AS "updatedAt",
           coalesce(json_agg(json_build_object('position', i.position, 'stationId', i.station_id, 'trackId', i.track_id) ORDER BY i.position) FILTER (WHERE i.position IS NOT NULL), '[]') AS items
         FROM playlists p LEFT JOIN playlist_items i ON i.playlist_id = p.id WHERE p.user_id = $1 GROUP BY p.id ORDER BY p.created_at`,
      ),
      studioGenerations: q(
        `SELECT id, status, engine, params, seed, notice, error_code AS "errorCode", created_at AS "createdAt", finished_at AS "finishedAt" FROM studio_generations WHERE user_id = $1 ORDER BY created_at`,
      ),
      studioTracks: q('SELECT id, generation_id AS "generationId", title, duration, tags, created_at AS "createdAt" FROM studio_tracks WHERE user_id = $1 ORDER BY created_at'),
      liveStreams: q(
        `SELECT id, title, description, genre, status, source, created_at AS "createdAt", started_at AS "startedAt", ended_at AS "endedAt" FROM live_streams WHERE user_id = $1 ORDER BY created_at`,
      ),
      ticketClicks: q('SELECT event_id AS "eventId", ticket_url AS "ticketUrl", click_timestamp AS "clickedAt" FROM affiliate_clicks WHERE user_id = $1 ORDER BY click_timestamp'),
      billingCustomer: q('SELECT stripe_customer_id AS "stripeCustomerId", trial_used_at AS "trialUsedAt", created_at AS "createdAt" FROM billing_customers WHERE user_id = $1'),
      subscriptions: q(
        `SELECT id, plan, status, cancel_at_period_end AS "cancelAtPeriodEnd", current_period_end AS "currentPeriodEnd", trial_end AS "trialEnd", ended_at AS "endedAt"
         FROM billing_subscriptions WHERE user_id = $1 ORDER BY current_period_end`,
      ),
      planGrants: q('SELECT plan, until, granted_at AS "grantedAt" FROM plan_grants WHERE user_id = $1'),
      apiPlanGrants: q('SELECT plan, until, granted_at AS "grantedAt" FROM api_plan_grants WHERE user_id = $1'),
      apiKeys: q(
        `SELECT id, name, scope, start, created_at AS "createdAt", last_used_at AS "lastUsedAt", expires_at AS "expiresAt", revoked_at AS "revokedAt" FROM api_keys WHERE user_id = $1 ORDER BY created_at`,
      ),
      apiUsage: q(`SELECT to_char(month, 'YYYY-MM') AS month, count FROM api_usage_month WHERE account_id = $1 ORDER BY month`),
      webhooks: q(
        `SELECT id, url, events, status, disabled_reason AS "disabledReason", created_at AS "createdAt" FROM webhook_endpoints WHERE user_id = $1 ORDER BY created_at`,
      ),
      dataRequests: q('SELECT action, via, at FROM privacy_audit WHERE user_id = $1 ORDER BY at'),
    };
    const entries = await Promise.all(Object.entries(sections).map(async ([name, rows]) => [name, await rows] as const));
    return { account: account ?? null, ...Object.fromEntries(entries) };
  }

  /**
   * Erases the account's personal data in one transaction and returns its media to remove. Kept: the users row without
   * anything personal, and the billing records (customer, subscriptions) for the 5 years accounting law asks.
   */
  async erase(userId: string): Promise<ErasedMedia> {
    return this.manager.transaction(async (tx) => {
      const q = (sql: string) => tx.query(sql, [userId]) as Promise<Rows>;
      await q('SELECT 1 FROM users WHERE id = $1 FOR UPDATE');
      const generationIds = (await q('SELECT id FROM studio_generations WHERE user_id = $1')).map((r) => r.id as string);
      const streamIds = (await q('SELECT id FROM live_streams WHERE user_id = $1')).map((r) => r.id as string);
      for (const table of [...SIGN_IN_TABLES, 'playlists', 'station_likes', 'studio_generations', 'live_streams', 'plan_grants', 'api_plan_grants']) {
        await q(`DELETE FROM ${table} WHERE user_id = $1`);
      }
      await q('DELETE FROM realtime_tickets WHERE user_id = $1');
      await q('DELETE FROM api_usage_month WHERE account_id = $1');
      await q('UPDATE affiliate_clicks SET user_id = NULL WHERE user_id = $1');
      await q(
        `UPDATE users SET email = NULL, pending_email = NULL, password_hash = NULL, username = NULL, display_name = NULL, email_confirmed_at = NULL,
           deleted_at = now(), updated_at = now() WHERE id = $1`,
      );
      return { generationIds, streamIds };
    });
  }

  /**
   * Anonymizes the account: every way to sign in and everything that names the person goes; its public contributions
   * (public playlists, likes, studio tracks, replays) stay under `anonymousName`.
   */
  async anonymize(userId: string, anonymousName: string): Promise<void> {
    await this.manager.transaction(async (tx) => {
      const q = (sql: string, more: unknown[] = []) => tx.query(sql, [userId, ...more]);
      await q('SELECT 1 FROM users WHERE id = $1 FOR UPDATE');
      for (const table of SIGN_IN_TABLES) await q(`DELETE FROM ${table} WHERE user_id = $1`);
      await q('DELETE FROM realtime_tickets WHERE user_id = $1');
      await q('UPDATE affiliate_clicks SET user_id = NULL WHERE user_id = $1');
      await q(
        `UPDATE users SET email = NULL, pending_email = NULL, password_hash = NULL, username = $2, display_name = $2, anonymized_at = now(), updated_at = now() WHERE id = $1`,
        [anonymousName],
      );
    });
  }

  async audit(userId: string, action: 'export' | 'delete' | 'anonymize', via: string): Promise<void> {
    await this.manager.query('INSERT INTO privacy_audit (user_id, action, via) VALUES ($1, $2, $3)', [userId, action, via]);
  }

  /** Whether the account still has its data (not erased). */
  async isErased(userId: string): Promise<boolean> {
    const [row] = (await this.manager.query('SELECT deleted_at IS NOT NULL AS erased FROM users WHERE id = $1', [userId])) as { erased: boolean }[];
    return row?.erased ?? true;
  }
}
