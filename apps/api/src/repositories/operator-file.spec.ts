import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type EntryRules, isHttpUrl, parseEntries, readJsonFile } from './operator-file';

class TestFileError extends Error {}

const fail = (message: string): TestFileError => new TestFileError(message);

/** Entries are { id: "a".."z", size: number }; ids are kept in upper case to show the normalised id is returned. */
function rules(nonEmpty: boolean): EntryRules<{ size: number }> {
  return {
    source: 'TEST_FILE (t.json)',
    fail,
    what: 'things',
    nonEmpty,
    idOf: (entry) => (typeof entry.id === 'string' && /^[a-z]$/i.test(entry.id) ? entry.id.toUpperCase() : null),
    idRule: 'id must be one letter',
    fields: (entry, problems) => {
      if (typeof entry.size !== 'number') problems.push('size must be a number');
      return { size: entry.size as number };
    },
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
  ])('%j (non-empty: %s) fails with: %s', (raw, nonEmpty, message) => {
    expect(errorOf(raw, nonEmpty)).toBe(message);
  });
});
