import { hashStreamKey, newStreamKey, redactStreamKeys } from './stream-keys';

describe('stream keys', () => {
  it('are 43 characters of base64url, stored as their SHA-256', () => {
    const key = newStreamKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashStreamKey(key)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never reach a log line: RTMP URLs lose their stream name, and a known key goes wherever it is', () => {
    const key = newStreamKey();
    const line = `rtmp://127.0.0.1:1935/live/${key}: Input/output error | [rtmp @ 0x5581] Server error: ${key} | 'rtmps://ingest.example/app/x-y?z'`;
    const redacted = redactStreamKeys(line, key);
    expect(redacted).not.toContain(key);
    expect(redacted).not.toContain('x-y');
    expect(redacted).toBe(`rtmp://127.0.0.1:1935/live/[key] Input/output error | [rtmp @ 0x5581] Server error: [key] | 'rtmps://ingest.example/app/[key]'`);
    expect(redactStreamKeys(`rtmp://127.0.0.1:1935/live/${key}`)).toBe('rtmp://127.0.0.1:1935/live/[key]');
  });
});
