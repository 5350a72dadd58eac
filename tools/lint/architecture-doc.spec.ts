import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const api = path.join(root, 'apps/api/src');
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

/** The rows of the markdown table under a `## heading`: their first cells, with the backticked names in them. */
function firstCells(heading: string): string[] {
  const section = doc.split(/^## /m).find((s) => s.startsWith(`${heading}\n`));
  if (!section) throw new Error(`docs/architecture.md has no "## ${heading}" section`);
  return section
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]));
}

/** Every table the migrations leave: created in an `up()`, not dropped by a later `up()`. */
function migratedTables(): string[] {
  const dir = path.join(api, 'migrations');
  const tables = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => /^\d+-.*\.ts$/.test(f)).sort()) {
    const source = readFileSync(path.join(dir, file), 'utf8');
    const up = source.slice(source.indexOf('async up('), source.indexOf('async down('));
    for (const [, name] of up.matchAll(/CREATE (?:UNLOGGED )?TABLE (?:IF NOT EXISTS )?"(\w+)"/g)) tables.add(name);
    for (const [, name] of up.matchAll(/DROP TABLE (?:IF EXISTS )?"(\w+)"/g)) tables.delete(name);
  }
  return [...tables].sort();
}

describe('docs/architecture.md matches the code', () => {
  it('names every folder of the API in its module table', () => {
    const folders = readdirSync(api, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${entry.name}/`);
    const documented = firstCells('The API (`apps/api/src`)');
    expect(folders.filter((folder) => !documented.includes(folder))).toEqual([]);
    expect(documented.filter((folder) => !folders.includes(folder))).toEqual([]);
  });

  it('describes every table the migrations create in its data table', () => {
    const tables = migratedTables();
    expect(tables.length).toBeGreaterThan(30);
    const documented = firstCells('Data');
    expect(tables.filter((table) => !documented.includes(table))).toEqual([]);
    expect(documented.filter((table) => !tables.includes(table))).toEqual([]);
  });
});
