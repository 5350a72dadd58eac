import { Inject, Injectable } from '@nestjs/common';
import { sign, unsign } from '../core/security/secrets';
import { type AppConfig, resolveJwtSecret } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';

/** What a stream ticket holds: the listener (their ad clock's id), the station, and until when it starts a stream. */
interface TicketClaims {
  kind: 'stream-ticket';
  lid: string;
  st: string;
  exp: number;
}

/** Why a ticket does not let a stream start. */
export type TicketRefusal = 'invalid' | 'expired' | 'station';

/**
 * Stream tickets (docs/architecture.md, "Ads"): a short signed note that names the listener a stream on a plan with ads
 * is counted for, so a client that sends no cookie (VLC, curl) is known to the relay too. It starts a stream of its
 * station for TTL_SECONDS after it was issued; the stream then lasts as long as the listener stays, and ends when
 * their ad break falls due.
 */
@Injectable()
export class StreamTickets {
  static readonly ttlSeconds = 60;
  /** Longer is not one of ours (a signed ticket is about 150 characters). */
  private static readonly maxLength = 512;
  private readonly secret: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secret = resolveJwtSecret(config);
  }

  issue(listenerId: string, stationId: string, now = new Date()): { ticket: string; expiresAt: Date } {
    const expiresAt = new Date(now.getTime() + StreamTickets.ttlSeconds * 1000);
    const claims: TicketClaims = { kind: 'stream-ticket', lid: listenerId, st: stationId, exp: Math.floor(expiresAt.getTime() / 1000) };
    return { ticket: sign(JSON.stringify(claims), this.secret), expiresAt };
  }

  /** The listener the ticket names, or why it does not start a stream of `stationId` now. */
  read(ticket: string, stationId: string, now = new Date()): { listenerId: string } | { refusal: TicketRefusal } {
    const text = ticket.length <= StreamTickets.maxLength ? unsign(ticket, this.secret) : undefined;
    const claims = text ? parseClaims(text) : undefined;
    if (!claims) return { refusal: 'invalid' };
    if (claims.st !== stationId) return { refusal: 'station' };
    if (claims.exp * 1000 < now.getTime()) return { refusal: 'expired' };
    return { listenerId: claims.lid };
  }
}

function parseClaims(text: string): TicketClaims | undefined {
  try {
    const claims = JSON.parse(text) as Partial<TicketClaims>;
    return claims.kind === 'stream-ticket' && typeof claims.lid === 'string' && typeof claims.st === 'string' && typeof claims.exp === 'number' ? (claims as TicketClaims) : undefined;
  } catch {
    return undefined;
  }
}
