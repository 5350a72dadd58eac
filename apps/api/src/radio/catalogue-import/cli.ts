/**
 * `npm run stations -- import …` (scripts/stations.mjs bundles and runs this file): writes a STATIONS_FILE from the
 * Radio Browser directory. Usage and behaviour: docs/radio-catalogue.md, "Importing stations".
 */
import 'reflect-metadata';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CatalogueError, loadCatalogue, parseCatalogue } from '../catalogue';
import { STATION_PLANS, type StationDefinition, type StationPlan } from '../../repositories/schema/station-definition';
import { DirectoryError, RadioBrowser } from './radio-browser';
import { type ImportOptions, type ImportResult, importStations } from './station-import';
import { StreamChecker } from './stream-check';

const USAGE = `Usage: npm run stations -- import --out FILE [options]

  --tag TAG           a Radio Browser tag (repeatable; stations with any of them)
  --country CC        a two-letter country code (repeatable; the first country's stations come first)
  --codec CODEC       MP3, AAC, AAC+, OGG or FLAC as the directory names them (repeatable; default: any)
  --min-votes N       only stations with at least N votes (default 0)
  --limit N           keep at most N stations (default 50, at most 1000)
  --out FILE          the STATIONS_FILE to write
  --merge FILE        a STATIONS_FILE whose stations come first and are not imported again
  --plan PLAN         basic or premium for the imported stations (default: none written, which means basic)
  --server URL        a Radio Browser server (default: found by DNS SRV _api._tcp.radio-browser.info)
  --concurrency N     streams opened at once (default 4, at most 16)
  --timeout SECONDS   how long a stream may take to send audio (default 10)
  --allow-address IP  an address or CIDR range the check may open although it is not public (repeatable)`;

class UsageError extends Error {}

interface Command {
  options: ImportOptions;
  out: string;
  merge?: string;
  server?: string;
  timeoutMs: number;
  allowAddresses: string[];
}

function integer(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
}

export function parseCommand(argv: string[]): Command {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1 || positionals[0] !== 'import') throw new UsageError('the only command is "import"');
  if (!values.out) throw new UsageError('--out FILE is required');
  const countries = (values.country ?? []).map((c) => c.toUpperCase());
  const badCountry = countries.find((c) => !/^[A-Z]{2}$/.test(c));
  if (badCountry) throw new UsageError(`--country ${badCountry} is not a two-letter country code`);
  if (values.plan !== undefined && !STATION_PLANS.includes(values.plan as StationPlan)) throw new UsageError('--plan must be basic or premium');
  if (values.server !== undefined && !/^https?:\/\/[^/]/.test(values.server)) throw new UsageError('--server must be an http(s) URL');
  const tags = (values.tag ?? []).map((t) => t.trim()).filter(Boolean);
  return {
    options: {
      tags,
      countries,
      codecs: (values.codec ?? []).map((c) => c.trim().toUpperCase()).filter(Boolean),
      minVotes: integer(values['min-votes'], 'min-votes', 0, 0, 10_000_000),
      limit: integer(values.limit, 'limit', 50, 1, 1000),
      concurrency: integer(values.concurrency, 'concurrency', 4, 1, 16),
      ...(values.plan ? { plan: values.plan as StationPlan } : {}),
    },
    out: path.resolve(values.out),
    merge: values.merge && path.resolve(values.merge),
    server: values.server,
    timeoutMs: integer(values.timeout, 'timeout', 10, 1, 120) * 1000,
    allowAddresses: values['allow-address'] ?? [],
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      tag: { type: 'string', multiple: true },
      country: { type: 'string', multiple: true },
      codec: { type: 'string', multiple: true },
      'min-votes': { type: 'string' },
      limit: { type: 'string' },
      out: { type: 'string' },
      merge: { type: 'string' },
      plan: { type: 'string' },
      server: { type: 'string' },
      concurrency: { type: 'string' },
      timeout: { type: 'string' },
      'allow-address': { type: 'string', multiple: true },
    },
  });
}

/** `GrouaRock/<version>`, as the directory asks of its clients; scripts/stations.mjs says where the repository is. */
function userAgent(): string {
  const root = process.env.GROUAROCK_ROOT ?? process.cwd();
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return `GrouaRock/${version} (station import)`;
}

/** The merged file's stations come first, as written; every entry is checked by the API's own catalogue rules. */
function write(command: Command, result: ImportResult, merged: unknown[]): void {
  const entries = [...merged, ...result.kept];
  parseCatalogue(entries, `the imported catalogue (${command.out})`);
  const temporary = `${command.out}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(entries, null, 2)}\n`);
  renameSync(temporary, command.out);
}

function summary(command: Command, result: ImportResult, mergedCount: number): string {
  const lines = [`Radio Browser: ${result.found} stations found.`];
  lines.push(`Kept ${result.kept.length}, written to ${command.out}${mergedCount ? ` after the ${mergedCount} of ${command.merge}` : ''}:`);
  for (const e of result.kept) lines.push(`  + ${e.id} (${e.country}, ${e.codec}${e.bitrate ? ` ${e.bitrate} kbit/s` : ''}${e.lossless ? ' + FLAC' : ''}, ${e.genres.join('/')}) ${e.source}`);
  lines.push(`Refused ${result.refused.length}:`);
  for (const r of result.refused) lines.push(`  - ${r.name} (${r.source}): ${r.reason}`);
  if (result.unchecked) lines.push(`Not opened: ${result.unchecked} (the limit was reached first).`);
  return lines.join('\n');
}

export async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`${e.message}\n\n${USAGE}`);
    return 2;
  }
  try {
    let existing: StationDefinition[] = [];
    let merged: unknown[] = [];
    if (command.merge) {
      existing = loadCatalogue(command.merge);
      merged = JSON.parse(readFileSync(command.merge, 'utf8')) as unknown[];
    }
    const ua = userAgent();
    const result = await importStations(
      command.options,
      new RadioBrowser(ua, command.server),
      new StreamChecker({ userAgent: ua, timeoutMs: command.timeoutMs, allowAddresses: command.allowAddresses }),
      existing,
    );
    console.log(summary(command, result, merged.length));
    if (!result.kept.length && !merged.length) {
      console.error('No station passed: nothing was written.');
      return 1;
    }
    write(command, result, merged);
    return 0;
  } catch (e) {
    if (e instanceof DirectoryError || e instanceof CatalogueError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
