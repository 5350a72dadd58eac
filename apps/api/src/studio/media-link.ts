import { createHmac } from 'node:crypto';
import { safeEqual } from '../core/security/secrets';
import type { TrackFileKind } from './track-media';

/** What a signed link names: one file of one track, of the account that owned it when the link was made. */
export interface MediaLinkTarget {
  trackId: string;
  ownerId: string;
  kind: TrackFileKind;
}

/** The query parameters a signed link adds to the file's path. */
export interface MediaLinkParams {
  expires: string;
  sig: string;
}

export type MediaLinkCheck = 'valid' | 'expired' | 'invalid';

/** A file's signed link, and when it stops working. */
export type IssuedMediaLink = MediaLinkParams & { expiresAt: Date };

/** Seconds since the epoch, as `expires` carries them: at most 12 digits, no sign, no leading zero. */
const EXPIRES = /^[1-9]\d{0,11}$/;
/** An HMAC-SHA256 in base64url: 43 characters. */
const SIG = /^[A-Za-z0-9_-]{43}$/;

/**
 * Signed, expiring links to a studio track's files (docs/studio.md, "Private media on expiring links"). The signature is
 * an HMAC-SHA256 over the file (track, owner, audio or cover) and the expiry, not over the method or any header, so
 * every Range request a player makes with the same link verifies until it expires. The key is derived from the
 * installation's JWT secret for this use alone: a media signature never verifies as anything else, and changing
 * JWT_SECRET ends the links with the sessions.
 */
export class MediaLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    /** How long a link works (MEDIA_LINK_SECONDS). */
    readonly seconds: number,
  ) {
    this.key = createHmac('sha256', secret).update('grouarock studio media links v1').digest();
  }

  /**
   * A link's parameters and when it stops working; `now` in milliseconds. The expiry is rounded up to a step (a tenth
   * of the lifetime, 5 minutes at most), so a list read again within the step names the same links and the browser's
   * cache of a cover or a track holds; a link works at least `seconds`.
   */
  issue(target: MediaLinkTarget, now = Date.now()): IssuedMediaLink {
    const step = Math.min(300, Math.max(1, Math.floor(this.seconds / 10)));
    const expires = Math.ceil((Math.floor(now / 1000) + this.seconds) / step) * step;
    return { expires: String(expires), sig: this.signature(target, expires), expiresAt: new Date(expires * 1000) };
  }

  /**
   * Whether a request's `expires` and `sig` open this file now. A signature that does not match (another track's, a
   * changed expiry, a cut or malformed value) is invalid; a matching one past its expiry is expired. Compared in
   * constant time.
   */
  check(target: MediaLinkTarget, params: Partial<MediaLinkParams>, now = Date.now()): MediaLinkCheck {
    const { expires, sig } = params;
    if (!expires || !sig || !EXPIRES.test(expires) || !SIG.test(sig)) return 'invalid';
    if (!safeEqual(sig, this.signature(target, Number(expires)))) return 'invalid';
    return Number(expires) * 1000 <= now ? 'expired' : 'valid';
  }

  /** Seconds left before `expires` (at least 1), for a store's presigned URL that ends with ours. */
  secondsLeft(expires: string, now = Date.now()): number {
    return Math.max(1, Number(expires) - Math.floor(now / 1000));
  }

  private signature({ trackId, ownerId, kind }: MediaLinkTarget, expires: number): string {
    return createHmac('sha256', this.key).update(`studio-${kind}\n${trackId}\n${ownerId}\n${expires}`).digest('base64url');
  }
}
