import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A key to seal with: its id (a digest that gives nothing of the key away) names it in what it sealed. */
interface SealingKey {
  id: string;
  key: Buffer;
}

const derive = (secret: string, info: string, bytes: number) => Buffer.from(hkdfSync('sha256', secret, 'grouarock', info, bytes));

/**
 * Secrets we must use in clear later (webhook signing secrets, authenticator-app seeds), at rest: AES-256-GCM, so a
 * database dump alone does not give them away. Each purpose has its own key, derived (HKDF-SHA256) from SECRETS_KEY,
 * never from JWT_SECRET, so rotating JWT_SECRET touches sessions only. Stored as `v2.<key id>.<iv>.<tag>.<ciphertext>` (base64url): the id says which of SECRETS_KEY's keys
 * sealed it, so an old key keeps opening while `SECRETS_KEY=new,old` and the values are sealed again with the new one.
 *
 * `v1.<iv>.<tag>.<ciphertext>` is what installations sealed webhook secrets with before SECRETS_KEY, under a key
 * derived from JWT_SECRET: still opened (with `legacySecret`, today's JWT_SECRET), never written; WebhookDeliveries
 * seals those again at boot.
 */
export class SecretBox {
  private readonly keys: SealingKey[];
  private legacyKey?: Buffer;

  /** `purpose` names the key ("webhook secrets", "totp secrets"): a value sealed for one purpose opens for no other. */
  constructor(
    secretsKeys: readonly string[],
    private readonly purpose: string,
    private readonly legacySecret?: string,
  ) {
    if (!secretsKeys.length) throw new Error('SecretBox needs a key');
    this.keys = secretsKeys.map((secret) => ({ id: derive(secret, `${purpose} key id`, 6).toString('base64url'), key: derive(secret, `${purpose} v2`, 32) }));
  }

  /** What every value sealed with the current key starts with. */
  get currentPrefix(): string {
    return `v2.${this.keys[0].id}.`;
  }

  seal(secret: string): string {
    const { id, key } = this.keys[0];
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v2', id, ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))].join('.');
  }

  /** The secret; throws when it was sealed with a key this box no longer has, or was altered. */
  open(sealed: string): string {
    const parts = sealed.split('.');
    if (parts[0] === 'v2' && parts.length === 5) {
      const key = this.keys.find((k) => k.id === parts[1]);
      if (!key) throw new Error(`This secret (${this.purpose}) was sealed with a key SECRETS_KEY no longer lists`);
      return decrypt(key.key, parts.slice(2));
    }
    if (parts[0] === 'v1' && parts.length === 4) {
      if (this.legacySecret === undefined) throw new Error(`This secret (${this.purpose}) was sealed with JWT_SECRET, which this box was not given`);
      this.legacyKey ??= derive(this.legacySecret, `${this.purpose} v1`, 32);
      return decrypt(this.legacyKey, parts.slice(1));
    }
    throw new Error('Not a sealed secret');
  }

  /** Whether the value should be sealed again: it is v1 (JWT_SECRET's) or sealed with a key other than the current one. */
  isStale(sealed: string): boolean {
    return !sealed.startsWith(this.currentPrefix);
  }
}

function decrypt(key: Buffer, [iv, tag, data]: string[]): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
