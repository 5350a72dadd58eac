import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A secret as installations sealed it before SECRETS_KEY: `v1.` under a key derived from JWT_SECRET. */
export function sealedTheOldWay(secret: string, jwtSecret: string): string {
  const key = Buffer.from(hkdfSync('sha256', jwtSecret, 'grouarock', 'webhook secrets v1', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'))].join('.');
}
