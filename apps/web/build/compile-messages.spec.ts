/** @jest-environment node */
import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { compileDictionary, compiledMessage } from './compile-messages';

const messagesDir = path.resolve(__dirname, '../../../libs/i18n/src/messages');

/** Runs a compiled dictionary module and returns what it exports. */
function evaluate(source: string): Record<string, Record<string, unknown>> {
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
  const exports: Record<string, Record<string, unknown>> = {};
  new Function('exports', 'require', js)(exports, () => ({}));
  return exports;
}

describe('compiledMessage', () => {
  it('keeps plain text a string', () => {
    expect(compiledMessage('Radio Online')).toBe('"Radio Online"');
    expect(compiledMessage('Don\'t stop — "rock"')).toBe(JSON.stringify('Don\'t stop — "rock"'));
  });

  it('turns arguments, plurals, tags and quoting into the parser\'s AST', () => {
    for (const text of ['{flag} {name}', '{count, plural, one {# stacja} other {# stacji}}', 'Kliknij <b>tutaj</b>', "To '{'nie'}' argument"]) {
      expect(JSON.parse(compiledMessage(text))).toEqual(parse(text));
    }
  });

  it('a compiled message formats exactly like its text', () => {
    const text = '{count, plural, one {# stacja} few {# stacje} many {# stacji} other {# stacji}} w {country}';
    const compiled = JSON.parse(compiledMessage(text)) as ReturnType<typeof parse>;
    for (const count of [1, 3, 5, 22]) {
      expect(new IntlMessageFormat(compiled, 'pl').format({ count, country: 'Polsce' })).toBe(
        new IntlMessageFormat(text, 'pl').format({ count, country: 'Polsce' }),
      );
    }
  });
});

describe('compileDictionary', () => {
  it.each(['core.pl.ts', 'radio.en.ts', 'content.nl.ts'])('%s keeps its ids and compiles every text', (name) => {
    const source = readFileSync(path.join(messagesDir, name), 'utf8');
    const [original] = Object.values(evaluate(source));
    const [compiled] = Object.values(evaluate(compileDictionary(source, name)));
    expect(Object.keys(compiled)).toEqual(Object.keys(original));
    for (const [id, text] of Object.entries(original)) {
      expect({ id, compiled: compiled[id] }).toEqual({ id, compiled: JSON.parse(compiledMessage(text as string)) });
    }
  });
});
