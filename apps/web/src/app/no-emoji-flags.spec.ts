/** @jest-environment node */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../../..');

/**
 * What the web app ships: its own code, page and public files, and the libraries that give it components and texts.
 * Tests and their fixtures (`*.spec.*`, `testing/`) are left out: they hold emoji flags on purpose, as the API sends them
 * in `country.flag`, to show that the app does not pass them on.
 */
const shipped = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'libs/ui/src', 'libs/i18n/src'];

function files(entry: string): string[] {
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry).flatMap((name) => {
    const full = path.join(entry, name);
    if (statSync(full).isDirectory()) return name === 'testing' ? [] : files(full);
    return /\.(tsx?|css|html|json|svg)$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [full] : [];
  });
}

/**
 * An emoji flag is two regional indicator symbols (U+1F1E6–U+1F1FF), which Chromium on Linux draws as two empty boxes
 * and Windows as two letters: written as the characters, as escapes (`\u{1F1F5}`, `\uD83C\uDDF5`), as HTML
 * entities, or computed from the first one's code point (0x1F1E6, 127462) as the API's countries.ts does.
 */
const EMOJI_FLAG_SOURCE = [
  /[\u{1F1E6}-\u{1F1FF}]/u,
  /\\u\{0*1F1(?:E[6-9A-F]|F[0-9A-F])\}/i,
  /\\uD83C\\uDD(?:E[6-9A-F]|F[0-9A-F])/i,
  /&#x0*1F1(?:E[6-9A-F]|F[0-9A-F]);/i,
  /&#1274(?:6[2-9]|7\d|8[0-7]);/,
  /\b0x0*1F1E6\b/i,
  /\b127462\b/,
];

const emojiFlagIn = (text: string) => EMOJI_FLAG_SOURCE.some((pattern) => pattern.test(text));

describe('no emoji flags in the web app', () => {
  it('recognises every way of writing one', () => {
    for (const written of [
      '🇵🇱',
      "'\\u{1F1F5}\\u{1F1F1}'",
      "'\\uD83C\\uDDF5\\uD83C\\uDDF1'",
      '&#x1F1F5;&#x1F1F1;',
      '&#127477;&#127473;',
      'String.fromCodePoint(0x1f1e6 + offset)',
      'String.fromCodePoint(127462 + offset)',
    ]) {
      expect({ written, found: emojiFlagIn(written) }).toEqual({ written, found: true });
    }
    for (const harmless of ['Polska', '<CountryMark code="pl" />', '0x1F1E5', '&#127461;', '\\u{1F600}']) {
      expect({ harmless, found: emojiFlagIn(harmless) }).toEqual({ harmless, found: false });
    }
  });

  it('has none in its code, page, public files, components or texts', () => {
    const scanned = shipped.flatMap((entry) => files(path.join(root, entry)));
    expect(scanned.length).toBeGreaterThan(300);
    const found = scanned.filter((file) => emojiFlagIn(readFileSync(file, 'utf8'))).map((file) => path.relative(root, file));
    expect(found).toEqual([]);
  });
});
