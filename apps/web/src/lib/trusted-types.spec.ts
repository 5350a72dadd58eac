import { TRUSTED_TYPES_POLICY, trustedScriptURL } from './trusted-types';

describe('trustedScriptURL', () => {
  afterEach(() => {
    delete (globalThis as { trustedTypes?: unknown }).trustedTypes;
  });

  it('is the URL itself where the browser has no Trusted Types, and refuses a URL that is not one of the app’s scripts', () => {
    expect(trustedScriptURL('/offline-worker.js')).toBe('/offline-worker.js');
    expect(() => trustedScriptURL('https://evil.example/x.js')).toThrow(TypeError);
  });

  it('makes the URL through the one policy the Content-Security-Policy allows, made once, which refuses any other URL', () => {
    const made: string[] = [];
    let rules: { createScriptURL(url: string): string } | undefined;
    (globalThis as { trustedTypes?: unknown }).trustedTypes = {
      createPolicy: (name: string, given: typeof rules) => {
        made.push(name);
        rules = given;
        return { createScriptURL: (url: string) => ({ trusted: given?.createScriptURL(url) }) };
      },
    };
    expect(trustedScriptURL('/offline-worker.js')).toEqual({ trusted: '/offline-worker.js' });
    expect(trustedScriptURL('/offline-worker.js')).toEqual({ trusted: '/offline-worker.js' });
    expect(made).toEqual([TRUSTED_TYPES_POLICY]);
    expect(TRUSTED_TYPES_POLICY).toBe('grouarock');
    // The policy itself refuses what the function would not ask it for.
    expect(() => rules?.createScriptURL('/assets/other.js')).toThrow(TypeError);
    expect(() => trustedScriptURL('/assets/other.js')).toThrow(TypeError);
  });
});
