import { mfaTokenOf, sameOriginPath, withoutMfaToken } from './second-step-link';

describe('the second step of a sign-in made through a link (/auth?next=…#mfa_token=…)', () => {
  it('reads the token from the fragment, encoded as the server encodes it', () => {
    expect(mfaTokenOf('#mfa_token=eyJhbGciOi.x%2By')).toBe('eyJhbGciOi.x+y');
    expect(mfaTokenOf('mfa_token=abc')).toBe('abc');
    expect(mfaTokenOf('#other=1&mfa_token=abc')).toBe('abc');
    expect(mfaTokenOf('')).toBeNull();
    expect(mfaTokenOf('#mfa_token=')).toBeNull();
    expect(mfaTokenOf('#section')).toBeNull();
  });

  it('drops the token from the fragment and keeps anything else', () => {
    expect(withoutMfaToken('#mfa_token=abc')).toBe('');
    expect(withoutMfaToken('#other=1&mfa_token=abc')).toBe('#other=1');
    expect(withoutMfaToken('')).toBe('');
  });

  it('follows `next` only to a path of this site', () => {
    const origin = 'https://grouarock.example';
    expect(sameOriginPath('/profile', origin)).toBe('/profile');
    expect(sameOriginPath('/radio?station=rock#now', origin)).toBe('/radio?station=rock#now');
    for (const elsewhere of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'profile', '', null, '/auth', '/auth?next=/']) {
      expect(sameOriginPath(elsewhere, origin)).toBeNull();
    }
  });
});
