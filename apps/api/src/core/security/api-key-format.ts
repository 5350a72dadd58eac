import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * The shape of an API key (docs/developer-api.md, "Keys"): `grk_`, 43 base62 characters of 256 random bits, and 6
 * base62 characters of the CRC32 of everything before them. The prefix lets people and secret scanners recognise a
 * key; the checksum refuses a mistyped or truncated key without asking the database; base62 selects on a double click.
 */
export const API_KEY_PREFIX = 'grk_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY = 43;
const CHECKSUM = 6;
export const API_KEY_LENGTH = API_KEY_PREFIX.length + BODY + CHECKSUM;
const SHAPE = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${BODY + CHECKSUM}}$`);
/** Characters of a key shown in lists (the prefix and 8 more): enough to tell keys apart, useless to an attacker. */
export const API_KEY_START_LENGTH = 12;

function base62(value: bigint, width: number): string {
  let out = '';
  for (let rest = value; rest > 0n; rest /= 62n) out = ALPHABET[Number(rest % 62n)] + out;
  return out.padStart(width, '0');
}

function checksum(body: string): string {
  return base62(BigInt(crc32(body)), CHECKSUM);
}

export function newApiKey(): string {
  const body = `${API_KEY_PREFIX}${base62(BigInt(`0x${randomBytes(32).toString('hex')}`), BODY)}`;
  return body + checksum(body);
}

/** Whether a bearer token is meant as an API key (rather than a session's access token). */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** Whether the token is a well-formed key whose checksum holds; only such a key is looked up. */
export function isWellFormedApiKey(token: string): boolean {
  if (!SHAPE.test(token)) return false;
  const body = token.slice(0, -CHECKSUM);
  return checksum(body) === token.slice(-CHECKSUM);
}
