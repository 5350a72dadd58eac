import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IsNumber, Matches } from 'class-validator';
import { type EntryRules, IsNonBlankString, isHttpUrl, parseEntries, readJsonFile } from './operator-file';

class TestFileError extends Error {}

const fail = (message: string): TestFileError => new TestFileError(message);

/** Entries are { id: "a".."z", size: number }; ids are kept in upper case to show the normalised id is returned. */
class Thing {
  @Matches(/^[a-z]$/i, { message: 'id must be one letter' })
  id!: string;

  @IsNumber({}, { message: 'size must be a number' })
  size!: number;
}

function rules(nonEmpty: boolean): EntryRules<Thing, { size: number }> {
  return {
    source: 'TEST_FILE (t.json)',
    fail,
    what: 'things',
    nonEmpty,
    entry: Thing,
    normaliseId: (id) => id.toUpperCase(),
    keep: (thing) => ({ size: thing.size }),
  };
}

function errorOf(raw: unknown, nonEmpty = false): string {
  try {
    parseEntries(raw, rules(nonEmpty));
  } catch (e) {
    expect(e).toBeInstanceOf(TestFileError);
    return (e as Error).message;
  }
  throw new Error('expected a TestFileError');
}

describe('isHttpUrl', () => {
  it('accepts only http(s) URLs, within the length given', () => {
    expect(isHttpUrl('https://example.test/a')).toBe(true);
    expect(isHttpUrl('http://example.test/a', 21)).toBe(true);
    expect(isHttpUrl('http://example.test/ab', 21)).toBe(false);
    expect(isHttpUrl('ftp://example.test/a')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('not a url')).toBe(false);
    expect(isHttpUrl(42)).toBe(false);
  });
});

describe('readJsonFile', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'operator-file-'));

  it('parses the file', () => {
    const file = path.join(dir, 'good.json');
    writeFileSync(file, '[{"id": "a"}]');
    expect(readJsonFile(file, 'TEST_FILE', fail)).toEqual([{ id: 'a' }]);
  });

  it.each([
    ['bad JSON', 'bad.json', '[{"id": '],
    ['a missing file', 'missing.json', null],
  ])('fails through the given error, naming the source, on %s', (_, name, content) => {
    const file = path.join(dir, name);
    if (content !== null) writeFileSync(file, content);
    expect(() => readJsonFile(file, 'TEST_FILE (t.json)', fail)).toThrow(TestFileError);
    expect(() => readJsonFile(file, 'TEST_FILE (t.json)', fail)).toThrow(/^TEST_FILE \(t\.json\): cannot be read as JSON \(.+\)$/);
  });
});

describe('parseEntries', () => {
  it('returns each entry with its normalised id and its fields', () => {
    expect(parseEntries([{ id: 'a', size: 1 }, { id: 'b', size: 2 }], rules(true))).toEqual([
      { id: 'A', size: 1 },
      { id: 'B', size: 2 },
    ]);
  });

  it('accepts an empty list unless entries are required', () => {
    expect(parseEntries([], rules(false))).toEqual([]);
    expect(errorOf([], true)).toBe('TEST_FILE (t.json): must be a non-empty JSON array of things');
  });

  it.each([
    [{}, false, 'TEST_FILE (t.json): must be a JSON array of things (it may be empty)'],
    [{}, true, 'TEST_FILE (t.json): must be a non-empty JSON array of things'],
    [[{ id: 'a', size: 1 }, 'nope'], false, 'TEST_FILE (t.json): entry 1: must be an object'],
    [[null], false, 'TEST_FILE (t.json): entry 0: must be an object'],
    [[[]], false, 'TEST_FILE (t.json): entry 0: must be an object'],
    [[{ id: 'a', size: 1 }, { id: 'A', size: 2 }], false, 'TEST_FILE (t.json): entry 1 ("A"): id is used by an earlier entry'],
    [[{ id: 'ab', size: 'big' }], false, 'TEST_FILE (t.json): entry 0 ("ab"): id must be one letter; size must be a number'],
    [[{ size: 1 }], false, 'TEST_FILE (t.json): entry 0: id must be one letter'],
    [[{ id: 'a', size: 1 }, { id: 'A', size: 'big' }], false, 'TEST_FILE (t.json): entry 1 ("A"): id is used by an earlier entry; size must be a number'],
  ])('%j (non-empty: %s) fails with: %s', (raw, nonEmpty, message) => {
    expect(errorOf(raw, nonEmpty)).toBe(message);
  });
});

describe('IsNonBlankString', () => {
  class Named {
    @Matches(/^[a-z]$/, { message: 'id must be one letter' })
    id!: string;

    @IsNonBlankString(5)
    name!: string;
  }
  const named = (name: unknown) => {
    try {
      return parseEntries([{ id: 'a', name }], { source: 'F', fail, what: 'names', nonEmpty: true, entry: Named, keep: (n) => ({ name: n.name }) });
    } catch (e) {
      return (e as Error).message;
    }
  };

  it('takes a string with text in it, up to the length given', () => {
    expect(named('Ala')).toEqual([{ id: 'a', name: 'Ala' }]);
    for (const bad of ['   ', '', 'Alicja', 42, undefined]) expect(named(bad)).toBe('F: entry 0 ("a"): name must be a non-empty string of at most 5 characters');
  });
});
