import { MediaLinks } from './media-link';

const SECRET = 'test-secret-that-is-long-enough-0123456789';
const track = { trackId: '5b1c2b3a-0000-4000-8000-000000000001', ownerId: '0b0b0b0b-0000-4000-8000-000000000001', kind: 'audio' as const };
const now = Date.UTC(2026, 11, 2, 6, 0, 0);

describe('MediaLinks', () => {
  const links = new MediaLinks(SECRET, 3600);

  it('names the same link for a while, its expiry rounded up to a step (5 minutes for an hour), working at least the hour', () => {
    const first = links.issue(track, now + 1_000);
    expect(links.issue(track, now + 299_000)).toEqual(first);
    expect(first.expiresAt).toEqual(new Date(now + 3900_000));
    expect(links.issue(track, now + 301_000).expires).toBe(String(now / 1000 + 4200));
    const short = new MediaLinks(SECRET, 60);
    expect(Number(short.issue(track, now + 1_000).expires)).toBe(now / 1000 + 66);
  });

  it('issues a link that works until its expiry, an hour by default here, and not from then on', () => {
    const link = links.issue(track, now);
    expect(link.expires).toBe(String(now / 1000 + 3600));
    expect(link.expiresAt).toEqual(new Date(now + 3600_000));
    expect(link.sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.check(track, link, now)).toBe('valid');
    expect(links.check(track, link, now + 3599_999)).toBe('valid');
    expect(links.check(track, link, now + 3600_000)).toBe('expired');
  });

  it('refuses an altered link: a later expiry, a changed signature, another track, owner or file kind', () => {
    const link = links.issue(track, now);
    expect(links.check(track, { ...link, expires: String(Number(link.expires) + 3600) }, now)).toBe('invalid');
    const flipped = `${link.sig[0] === 'A' ? 'B' : 'A'}${link.sig.slice(1)}`;
    expect(links.check(track, { ...link, sig: flipped }, now)).toBe('invalid');
    expect(links.check({ ...track, trackId: '5b1c2b3a-0000-4000-8000-000000000002' }, link, now)).toBe('invalid');
    expect(links.check({ ...track, ownerId: '0b0b0b0b-0000-4000-8000-000000000002' }, link, now)).toBe('invalid');
    expect(links.check({ ...track, kind: 'cover' }, link, now)).toBe('invalid');
  });

  it("refuses another track's signature on this track, and an expired link altered to look fresh", () => {
    const other = links.issue({ ...track, trackId: '5b1c2b3a-0000-4000-8000-000000000002' }, now);
    expect(links.check(track, other, now)).toBe('invalid');
    const old = links.issue(track, now - 7200_000);
    expect(links.check(track, old, now)).toBe('expired');
    expect(links.check(track, { ...old, expires: String(now / 1000 + 60) }, now)).toBe('invalid');
  });

  it('refuses missing and malformed parameters as invalid, never throwing', () => {
    const link = links.issue(track, now);
    for (const params of [{}, { expires: link.expires }, { sig: link.sig }, { expires: 'soon', sig: link.sig }, { expires: `0${link.expires}`, sig: link.sig }, { expires: '1e12', sig: link.sig }, { expires: link.expires, sig: `${link.sig}=` }, { expires: link.expires, sig: link.sig.slice(1) }]) {
      expect(links.check(track, params, now)).toBe('invalid');
    }
  });

  it('signs with a key of this installation: another secret does not verify the link', () => {
    const link = links.issue(track, now);
    expect(new MediaLinks('another-secret-that-is-long-enough-98765', 3600).check(track, link, now)).toBe('invalid');
  });

  it('tells a presigned URL how long ours has left, at least a second', () => {
    const link = links.issue(track, now);
    expect(links.secondsLeft(link.expires, now + 600_000)).toBe(3000);
    expect(links.secondsLeft(link.expires, now + 4000_000)).toBe(1);
  });
});
