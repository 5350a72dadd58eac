import { contentRangeOf, rangeNotSatisfiable, rangeOf } from './byte-range';

const whole = { kind: 'whole' };
const unsatisfiable = { kind: 'unsatisfiable' };
const part = (start: number, end: number) => ({ kind: 'part', range: { start, end } });

describe('rangeOf: how a file answers a Range header (RFC 9110 §14.1.2, §14.2)', () => {
  const size = 1000;

  it('sends the whole file without a header', () => {
    expect(rangeOf(undefined, size)).toEqual(whole);
  });

  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=100-199', 100, 199],
    ['bytes=999-999', 999, 999],
    ['bytes=5-5', 5, 5],
    ['bytes=007-010', 7, 10],
    ['BYTES=0-9', 0, 9],
  ])('sends one part for %s', (header, start, end) => {
    expect(rangeOf(header, size)).toEqual(part(start, end));
  });

  it.each([
    ['bytes=0-', 0, 999],
    ['bytes=990-', 990, 999],
    ['bytes=900-5000', 900, 999],
    ['bytes=0-99999999999999999999999', 0, 999],
  ])('clamps %s to the end of the file', (header, start, end) => {
    expect(rangeOf(header, size)).toEqual(part(start, end));
  });

  it.each([
    ['bytes=-10', 990, 999],
    ['bytes=-1', 999, 999],
    ['bytes=-1000', 0, 999],
    ['bytes=-5000', 0, 999],
  ])('sends the last bytes for the suffix %s, all of them when it is longer than the file', (header, start, end) => {
    expect(rangeOf(header, size)).toEqual(part(start, end));
  });

  it.each([
    ['bytes=1000-', 'a first byte at the end'],
    ['bytes=1000-1005', 'a first byte at the end, with a last'],
    ['bytes=999999999-', 'a first byte far past the end'],
    ['bytes=99999999999999999999999-', 'a first byte past any file'],
    ['bytes=-0', 'the empty suffix'],
    ['bytes=-000', 'the empty suffix, in zeros'],
  ])('finds %s unsatisfiable (%s)', (header) => {
    expect(rangeOf(header, size)).toEqual(unsatisfiable);
  });

  it.each([
    ['bytes=5-3', 'last before first: an invalid range-spec'],
    ['bytes=0-9,20-29', 'several ranges'],
    ['bytes=0-9, 5-15', 'several overlapping ranges'],
    ['bytes=1000-,2000-', 'several unsatisfiable ranges'],
    ['items=0-9', 'another unit'],
    ['bytes 0-9', 'no ='],
    ['bytes =0-9', 'a space before ='],
    ['bytes=', 'no range'],
    ['bytes=-', 'neither end'],
    ['bytes=,', 'only an empty list'],
    ['bytes=abc', 'no numbers'],
    ['bytes=0x10-20', 'hexadecimal'],
    ['bytes=+5-9', 'a sign'],
    ['bytes=-5-9', 'a negative first byte'],
    ['bytes=1.5-9', 'a fraction'],
    ['bytes=0 - 9', 'spaces inside a range'],
    ['bytes=0-9;x', 'trailing garbage'],
    ['garbage', 'garbage'],
    ['', 'an empty header'],
  ])('ignores %p and sends the whole file (%s)', (header) => {
    expect(rangeOf(header, size)).toEqual(whole);
  });

  it('reads a list as RFC 9110 §5.6.1 writes it: spaces around its commas and empty elements mean nothing', () => {
    expect(rangeOf('bytes= 0-9 ', size)).toEqual(part(0, 9));
    expect(rangeOf('bytes=,0-9,', size)).toEqual(part(0, 9));
    expect(rangeOf('bytes=0-9 , ', size)).toEqual(part(0, 9));
  });

  describe('an empty file', () => {
    it.each(['bytes=0-', 'bytes=0-0', 'bytes=5-9', 'bytes=-0'])('finds %s unsatisfiable: it has no byte to start at', (header) => {
      expect(rangeOf(header, 0)).toEqual(unsatisfiable);
    });

    it('sends itself, empty, for a suffix (satisfiable, but no 206 can name a part of nothing)', () => {
      expect(rangeOf('bytes=-5', 0)).toEqual(whole);
    });

    it('sends itself for a malformed header or none', () => {
      expect(rangeOf('bytes=5-3', 0)).toEqual(whole);
      expect(rangeOf(undefined, 0)).toEqual(whole);
    });
  });

  it('serves a one-byte file by its only byte', () => {
    expect(rangeOf('bytes=0-', 1)).toEqual(part(0, 0));
    expect(rangeOf('bytes=-3', 1)).toEqual(part(0, 0));
    expect(rangeOf('bytes=1-', 1)).toEqual(unsatisfiable);
  });
});

describe('the headers of a range answer', () => {
  it('names the part and the size in Content-Range', () => {
    expect(contentRangeOf({ start: 990, end: 999 }, 1000)).toBe('bytes 990-999/1000');
  });

  it('answers an unsatisfiable range with a 416 naming the size, for the exceptions filter to send', () => {
    const error = rangeNotSatisfiable(1000);
    expect(error.getStatus()).toBe(416);
    expect(error.getResponse()).toEqual({ message: expect.stringContaining('1000 bytes'), code: 'range_not_satisfiable' });
    expect((error as unknown as { headers: Record<string, string> }).headers).toEqual({ 'Content-Range': 'bytes */1000' });
  });
});
