import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** One step either side (RFC 6238 §5.2: "at most one time step ... as the network delay"). */
const WINDOW = 1;

function totp(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: 'GrouaRock', label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** A new seed: 160 random bits (RFC 4226's recommendation), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans (as a QR code) or takes typed in. */
export function totpUri(secretBase32: string, accountName: string): string {
  return totp(secretBase32, accountName).toString();
}

/** The time step a code belongs to when it is valid at `now` (within one step either way), or undefined. */
export function totpStep(secretBase32: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totp(secretBase32).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The code of `secretBase32` at `now` (tests, and nothing else, need to make one). */
export function totpCode(secretBase32: string, now = Date.now()): string {
  return totp(secretBase32).generate({ timestamp: now });
}
