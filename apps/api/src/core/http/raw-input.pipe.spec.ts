import { BadRequestException } from '@nestjs/common';
import { MAX_INPUT_DEPTH, RawInputPipe } from './raw-input.pipe';

const pipe = new RawInputPipe();
const body = (value: unknown) => pipe.transform(value, { type: 'body' });

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

function refusal(run: () => unknown): { message: string[]; fields: string[] } {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(BadRequestException);
    return (e as BadRequestException).getResponse() as { message: string[]; fields: string[] };
  }
  throw new Error('the input was accepted');
}

describe('RawInputPipe', () => {
  it('passes ordinary input through untouched, emoji (surrogate pairs) included', () => {
    const input = { email: 'fan@example.com', data: { display_name: 'Punk 🎸 Żółć' }, tags: ['a', 'b'], n: 3, on: true, none: null };
    expect(body(input)).toBe(input);
    expect(pipe.transform('radio-357', { type: 'param', data: 'id' })).toBe('radio-357');
  });

  it('names the field holding a NUL character, at any depth, in arrays too', () => {
    expect(refusal(() => body({ data: { display_name: 'a\u0000b' } }))).toEqual({
      message: ['data.display_name must not contain the NUL character (\\u0000)'],
      fields: ['data.display_name'],
    });
    expect(refusal(() => body({ tags: ['ok', '\u0000'] })).fields).toEqual(['tags.1']);
    expect(refusal(() => pipe.transform('a\u0000', { type: 'query' })).fields).toEqual(['query']);
  });

  it('refuses a NUL character in a field name', () => {
    expect(refusal(() => body({ data: { 'x\u0000': 1 } })).fields).toEqual(['data']);
  });

  it('refuses lone surrogates, high or low, and keeps pairs', () => {
    expect(refusal(() => body({ email: '\uD800@example.com' })).message[0]).toMatch(/^email must be valid Unicode text/);
    expect(refusal(() => body({ email: 'a\uDC00' })).fields).toEqual(['email']);
    expect(refusal(() => body({ email: '\uDC00\uD800' })).fields).toEqual(['email']);
    expect(body({ email: '\uD83C\uDFB8' })).toEqual({ email: '🎸' });
  });

  it(`takes ${MAX_INPUT_DEPTH} levels of nesting and refuses one more`, () => {
    expect(() => body(nested(MAX_INPUT_DEPTH))).not.toThrow();
    expect(refusal(() => body(nested(MAX_INPUT_DEPTH + 1))).message[0]).toMatch(/is nested too deeply \(at most 16 levels\)$/);
  });

  it('refuses a hundred thousand levels without recursing', () => {
    expect(refusal(() => body(nested(100_000))).message[0]).toMatch(/nested too deeply/);
  });
});
