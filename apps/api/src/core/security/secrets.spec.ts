import { hashToken, randomToken, sign, unsign } from './secrets';

describe('secrets', () => {
  it('makes distinct URL-safe tokens of 256 bits and stores only their hash', () => {
    const a = randomToken();
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(randomToken()).not.toBe(a);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).toBe(hashToken(a));
  });

  it('signs values so that any change or another key is refused', () => {
    const signed = sign('{"state":"x"}', 'k1');
    expect(unsign(signed, 'k1')).toBe('{"state":"x"}');
    expect(unsign(signed, 'k2')).toBeUndefined();
    expect(unsign(`${signed}x`, 'k1')).toBeUndefined();
    expect(unsign(`${Buffer.from('{"state":"y"}').toString('base64url')}.${signed.split('.')[1]}`, 'k1')).toBeUndefined();
    expect(unsign('garbage', 'k1')).toBeUndefined();
  });
});
