import { newTotpSecret, totpCode, totpStep, totpUri } from './totp';
import { newRecoveryCode, normalizeRecoveryCode } from './mfa.service';

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B's SHA-1 seed, "12345678901234567890", in base32; at 59 s its 8-digit code ends in 287082.
  const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('computes the RFC 6238 test vector (6 digits: the last six of 94287082)', () => {
    expect(totpCode(rfcSecret, 59_000)).toBe('287082');
    expect(totpCode(rfcSecret, 1_111_111_109_000)).toBe('081804');
  });

  it('accepts a code one 30-second step either side, names its step, and refuses two steps off and malformed input', () => {
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(totpStep(rfcSecret, totpCode(rfcSecret, now), now)).toBe(step);
    expect(totpStep(rfcSecret, totpCode(rfcSecret, now - 30_000), now)).toBe(step - 1);
    expect(totpStep(rfcSecret, totpCode(rfcSecret, now + 30_000), now)).toBe(step + 1);
    expect(totpStep(rfcSecret, totpCode(rfcSecret, now - 60_000), now)).toBeUndefined();
    expect(totpStep(rfcSecret, totpCode(rfcSecret, now + 60_000), now)).toBeUndefined();
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 12345']) expect(totpStep(rfcSecret, bad, now)).toBeUndefined();
  });

  it('makes 160-bit seeds and the otpauth URI apps scan', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(totpUri(secret, 'ala@example.test')).toBe(`otpauth://totp/GrouaRock:ala%40example.test?issuer=GrouaRock&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
  });
});

describe('recovery codes', () => {
  it('are 120 random bits as four groups of six base32 letters, and read back however they are typed', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/);
    expect(normalizeRecoveryCode(code.toUpperCase())).toBe(code);
    expect(normalizeRecoveryCode(` ${code.replace(/-/g, ' ')} `)).toBe(code);
    expect(normalizeRecoveryCode(code.replace(/-/g, ''))).toBe(code);
    expect(new Set(Array.from({ length: 1000 }, newRecoveryCode)).size).toBe(1000);
  });
});
