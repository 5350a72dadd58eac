import { newWebhookSecret, WebhookSecretBox } from './webhook-secrets';

describe('webhook secrets', () => {
  it('are whsec_ and 32 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it('are sealed so that only the same server secret opens them, and tampering is caught', () => {
    const box = new WebhookSecretBox('server-secret-that-is-long-enough-0123456789');
    const secret = newWebhookSecret();
    const sealed = box.seal(secret);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(box.seal(secret)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(secret);
    expect(() => new WebhookSecretBox('another-server-secret-that-is-long-enough').open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = `${parts[3].slice(0, -2)}${parts[3].endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => box.open(parts.join('.'))).toThrow();
  });
});
