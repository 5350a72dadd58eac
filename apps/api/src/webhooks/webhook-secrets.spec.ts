import { SecretBox } from '../core/security/secret-box';
import { newWebhookSecret } from './webhook-secrets';
import { sealedTheOldWay } from '../../test/support/legacy-webhook-secret';

const KEY = 'secrets-key-that-is-long-enough-0123456789';
const OLD_KEY = 'an-older-secrets-key-that-is-long-enough-0123';
const JWT_SECRET = 'jwt-secret-that-is-long-enough-0123456789';


describe('webhook secrets', () => {
  it('are whsec_ and 32 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('are sealed with SECRETS_KEY so that only that key opens them, whatever JWT_SECRET is, and tampering is caught', () => {
    const box = new SecretBox([KEY], 'webhook secrets', JWT_SECRET);
    const secret = newWebhookSecret();
    const sealed = box.seal(secret);
    expect(sealed.startsWith(box.currentPrefix)).toBe(true);
    expect(sealed).toMatch(/^v2\.[\w-]{8}\./);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(box.seal(secret)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(secret);
    expect(new SecretBox([KEY], 'webhook secrets', 'another-jwt-secret-that-is-long-enough-0123').open(sealed)).toBe(secret);
    expect(new SecretBox([KEY], 'webhook secrets').open(sealed)).toBe(secret);
    expect(() => new SecretBox([OLD_KEY], 'webhook secrets', JWT_SECRET).open(sealed)).toThrow('SECRETS_KEY no longer lists');
    const parts = sealed.split('.');
    parts[4] = `${parts[4].slice(0, -2)}${parts[4].endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => box.open('whsec_in-clear')).toThrow('Not a sealed secret');
  });

  it('sealed before SECRETS_KEY (v1, with JWT_SECRET) still open with that JWT_SECRET, and are stale', () => {
    const secret = newWebhookSecret();
    const old = sealedTheOldWay(secret, JWT_SECRET);
    const box = new SecretBox([KEY], 'webhook secrets', JWT_SECRET);
    expect(box.open(old)).toBe(secret);
    expect(box.isStale(old)).toBe(true);
    expect(box.isStale(box.seal(secret))).toBe(false);
    expect(() => new SecretBox([KEY], 'webhook secrets', 'another-jwt-secret-that-is-long-enough-0123').open(old)).toThrow();
    expect(() => new SecretBox([KEY], 'webhook secrets').open(old)).toThrow('JWT_SECRET');
  });

  it('open under every key of SECRETS_KEY while it rotates (new,old), seal with the first, and call the old ones stale', () => {
    const secret = newWebhookSecret();
    const underOld = new SecretBox([OLD_KEY], 'webhook secrets').seal(secret);
    const rotating = new SecretBox([KEY, OLD_KEY], 'webhook secrets');
    expect(rotating.open(underOld)).toBe(secret);
    expect(rotating.isStale(underOld)).toBe(true);
    const resealed = rotating.seal(rotating.open(underOld));
    expect(rotating.isStale(resealed)).toBe(false);
    expect(new SecretBox([KEY], 'webhook secrets').open(resealed)).toBe(secret);
  });
});
