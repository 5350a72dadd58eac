import { createHash, randomBytes } from 'node:crypto';

/**
 * A stream key: 32 random bytes as base64url (43 characters, which RTMP servers take as a stream name), shown to its
 * owner once; only its SHA-256 is stored and compared.
 */
export function newStreamKey(): string {
  return randomBytes(32).toString('base64url');
}

export function hashStreamKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
