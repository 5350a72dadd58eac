import { API_KEY_LENGTH, API_KEY_PREFIX, isWellFormedApiKey, looksLikeApiKey, newApiKey } from './api-key-format';

describe('API key format', () => {
  it('makes 53-character base62 keys with the grk_ prefix, each different', () => {
    const keys = Array.from({ length: 200 }, newApiKey);
    expect(new Set(keys).size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^grk_[0-9A-Za-z]{49}$/);
      expect(key).toHaveLength(API_KEY_LENGTH);
      expect(isWellFormedApiKey(key)).toBe(true);
    }
  });

  it('refuses a key with one character changed, cut short or lengthened, by its checksum or shape', () => {
    const key = newApiKey();
    for (let i = API_KEY_PREFIX.length; i < key.length; i++) {
      const swapped = key.slice(0, i) + (key[i] === 'a' ? 'b' : 'a') + key.slice(i + 1);
      expect(isWellFormedApiKey(swapped)).toBe(false);
    }
    expect(isWellFormedApiKey(key.slice(0, -1))).toBe(false);
    expect(isWellFormedApiKey(`${key}0`)).toBe(false);
    expect(isWellFormedApiKey(key.replace('grk_', 'grx_'))).toBe(false);
  });

  it('tells keys from access tokens by the prefix', () => {
    expect(looksLikeApiKey(newApiKey())).toBe(true);
    expect(looksLikeApiKey('eyJhbGciOiJFUzI1NiJ9.e30.sig')).toBe(false);
  });
});
