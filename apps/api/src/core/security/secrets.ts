import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh opaque token: 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What we store instead of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `payload.signature`, so a value we hand to the browser comes back unaltered or not at all. */
export function sign(value: string, secret: string): string {
  const payload = Buffer.from(value).toString('base64url');
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url')}`;
}

export function unsign(signed: string, secret: string): string | undefined {
  const [payload, signature] = signed.split('.');
  if (!payload || !signature) return undefined;
  const expected = createHmac('sha256', secret).update(payload).digest('base64url');
  return safeEqual(signature, expected) ? Buffer.from(payload, 'base64url').toString() : undefined;
}
