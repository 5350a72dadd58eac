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

/** The stream name at the end of an RTMP URL (`rtmp://host:port/app/<key>`), as ffmpeg's messages quote their input. */
const KEY_IN_RTMP_URL = /(rtmps?:\/\/[^\s/'"]+\/[^\s/'"]+\/)[^\s'"]+/gi;

/**
 * `text` without stream keys, for logs: every RTMP URL's stream name, and each of `keys` wherever it appears. A key
 * pulled over RTMP travels in ffmpeg's argument list and comes back in its error messages (docs/live.md, "Ingest").
 */
export function redactStreamKeys(text: string, ...keys: string[]): string {
  let redacted = text.replace(KEY_IN_RTMP_URL, '$1[key]');
  for (const key of keys) if (key) redacted = redacted.split(key).join('[key]');
  return redacted;
}
