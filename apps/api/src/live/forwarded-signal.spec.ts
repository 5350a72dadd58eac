import { sign } from '../core/security/secrets';
import { markForwarded, readForwarded } from './forwarded-signal';

const SECRET = 'a-secret-every-replica-shares-0123456789';
const NOW = Date.UTC(2026, 11, 2, 18, 0, 0);

describe('the mark of a forwarded WebRTC request', () => {
  it('carries the client address a replica vouched for, for the one request it was made for', () => {
    const mark = markForwarded(SECRET, 'whep:s1', '203.0.113.9', NOW);
    expect(readForwarded(mark, SECRET, 'whep:s1', NOW + 1000)).toEqual({ address: '203.0.113.9' });
    // Another stream's or session's request does not take it.
    expect(readForwarded(mark, SECRET, 'whep:s2', NOW)).toBeUndefined();
    expect(readForwarded(mark, SECRET, 'session:abc', NOW)).toBeUndefined();
  });

  it('is ignored when forged, altered, signed with another secret, run out, or not a mark at all', () => {
    const mark = markForwarded(SECRET, 'whep:s1', '203.0.113.9', NOW);
    const [payload, signature] = mark.split('.');
    const altered = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('203.0.113.9', '198.51.100.1')).toString('base64url');
    expect(readForwarded(`${altered}.${signature}`, SECRET, 'whep:s1', NOW)).toBeUndefined();
    expect(readForwarded(`${payload}.${'A'.repeat(43)}`, SECRET, 'whep:s1', NOW)).toBeUndefined();
    expect(readForwarded(markForwarded('another-secret-of-another-installation-00', 'whep:s1', '203.0.113.9', NOW), SECRET, 'whep:s1', NOW)).toBeUndefined();
    expect(readForwarded(mark, SECRET, 'whep:s1', NOW + 61_000)).toBeUndefined();
    expect(readForwarded(undefined, SECRET, 'whep:s1', NOW)).toBeUndefined();
    expect(readForwarded([mark, mark], SECRET, 'whep:s1', NOW)).toBeUndefined();
    expect(readForwarded('garbage', SECRET, 'whep:s1', NOW)).toBeUndefined();
    // Something else the server signs with the same secret (a viewer's access to an Ultra-only stream) is no mark.
    const access = sign(JSON.stringify({ kind: 'live-view', for: 'whep:s1', address: '203.0.113.9', exp: NOW / 1000 + 60 }), SECRET);
    expect(readForwarded(access, SECRET, 'whep:s1', NOW)).toBeUndefined();
    expect(readForwarded(sign('null', SECRET), SECRET, 'whep:s1', NOW)).toBeUndefined();
    expect(readForwarded(sign('not json', SECRET), SECRET, 'whep:s1', NOW)).toBeUndefined();
  });
});
