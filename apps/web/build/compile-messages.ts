import { parse } from '@formatjs/icu-messageformat-parser';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The dictionaries of libs/i18n: modules whose object literals map message ids to ICU texts. */
const dictionary = /\/libs\/i18n\/src\/messages\/[^/]+\.ts$/;

/**
 * A message the browser can format without the ICU parser: plain text stays a string (react-intl returns it as
 * it is), anything with arguments, plurals, tags or quoting becomes the parser's AST, as JSON.
 */
export function compiledMessage(text: string): string {
  const ast = parse(text);
  const plain = ast.length === 1 && ast[0].type === 0 && ast[0].value === text;
  return plain ? JSON.stringify(text) : JSON.stringify(ast);
}

/** Replaces every message text (a string property value) in a dictionary module's source with its compiled form. */
export function compileDictionary(source: string, fileName: string): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && ts.isStringLiteralLike(node.initializer)) {
      edits.push({ start: node.initializer.getStart(file), end: node.initializer.getEnd(), text: compiledMessage(node.initializer.text) });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return edits.reduceRight((code, { start, end, text }) => code.slice(0, start) + text + code.slice(end), source);
}

/**
 * Compiles the dictionaries at build time, so the app ships react-intl without its ICU parser (about 20 KB
 * gzipped): vite.config.ts points the parser's module at its no-parser build.
 */
export function compileMessages(): Plugin {
  return {
    name: 'grouarock:compile-messages',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0];
      return dictionary.test(file) ? { code: compileDictionary(code, file), map: null } : null;
    },
  };
}
