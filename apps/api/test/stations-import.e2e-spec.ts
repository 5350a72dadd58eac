import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadCatalogue } from '../src/radio/catalogue';
import { FakeRadioBrowser, type FakeStation } from './support/fake-radio-browser';
import { repoRoot } from './support/repo-root';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function station(n: number, fields: Partial<FakeStation> & Pick<FakeStation, 'name' | 'path'>): FakeStation {
  return { stationuuid: uuid(n), tags: 'rock', countrycode: 'PL', votes: 100, codec: 'MP3', bitrate: 128, hls: 0, lastcheckok: 1, ...fields };
}

/** The directory: what each station's check must conclude is in its name or its test below. */
const directory: FakeStation[] = [
  station(1, { name: 'Rock Radio Testowe', tags: 'rock,polish rock', votes: 500, path: '{base}/streams/good.mp3', homepage: 'https://rock.example/' }),
  station(2, { name: 'Punk Polska', tags: 'punk rock,punk', votes: 300, codec: 'AAC', bitrate: 64, path: '{base}/streams/redirect-aac' }),
  station(3, { name: 'Zaginione Radio', votes: 200, path: '{base}/streams/missing' }),
  station(4, { name: 'Strona zamiast radia', votes: 150, path: '{base}/streams/page' }),
  station(5, { name: 'Rock Radio Testowe', tags: 'rock', votes: 140, path: '{base}/streams/good.mp3' }),
  station(6, { name: 'Mało głosów', votes: 2, path: '{base}/streams/good.mp3?few' }),
  station(7, { name: 'Radio HLS', votes: 120, hls: 1, path: '{base}/streams/good.mp3?hls' }),
  station(8, { name: 'Zepsute Radio', votes: 900, lastcheckok: 0, path: '{base}/streams/good.mp3?broken' }),
  station(9, { name: 'Lokalny Serwer', votes: 110, path: 'http://[::1]:9/streams/good.mp3' }),
  station(10, { name: 'Stacja z pliku', votes: 100, path: '{base}/streams/good.mp3?merged' }),
  station(11, { name: 'Punk Kneipe', tags: 'Punk', countrycode: 'DE', votes: 800, path: '{base}/streams/good.mp3?de' }),
  station(12, { name: 'Hängendes Radio', countrycode: 'DE', votes: 400, path: '{base}/streams/hang' }),
  station(13, { name: 'Falscher Codec', countrycode: 'DE', votes: 300, path: '{base}/streams/good.aac' }),
  station(14, { name: 'Ogg Rock', countrycode: 'DE', votes: 250, codec: 'OGG', path: '{base}/streams/ogg' }),
  station(15, { name: 'Flac Rock', countrycode: 'DE', votes: 240, codec: 'FLAC', path: '{base}/streams/good.mp3?flac' }),
  station(16, { name: 'Jazz Nur', tags: 'jazz', countrycode: 'PL', votes: 999, path: '{base}/streams/good.mp3?jazz' }),
];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function stations(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot(), 'scripts/stations.mjs'), ...args], { cwd: repoRoot(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The summary line about one station. */
const lineOf = (run: Run, name: string) => run.stdout.split('\n').find((line) => line.includes(`- ${name} (`)) ?? `(no line for ${name})`;

describe('npm run stations -- import (against a local Radio Browser)', () => {
  const fake = new FakeRadioBrowser(directory);
  let dir: string;
  let out: string;
  let merge: string;
  let run: Run;

  beforeAll(async () => {
    await fake.start();
    dir = mkdtempSync(path.join(os.tmpdir(), 'stations-import-'));
    out = path.join(dir, 'stations.json');
    merge = path.join(dir, 'current.json');
    writeFileSync(
      merge,
      JSON.stringify([
        { id: 'rock-radio-testowe', name: 'Inna stacja', country: 'pl', genres: ['rock'], streamUrl: 'https://other.example/stream.mp3', featured: true },
        { id: 'stacja-z-pliku', name: 'Stacja z pliku', country: 'pl', genres: ['rock'], streamUrl: 'https://file.example/a.mp3', source: `radio-browser:${uuid(10)}` },
      ]),
    );
    run = await stations([
      'import', '--server', fake.base, '--tag', 'rock', '--tag', 'punk', '--country', 'PL', '--country', 'DE',
      '--min-votes', '5', '--codec', 'MP3', '--codec', 'AAC', '--codec', 'OGG', '--limit', '10', '--timeout', '2',
      '--allow-address', '127.0.0.1', '--merge', merge, '--out', out,
    ]);
  }, 60_000);

  afterAll(async () => {
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('succeeds and writes a file the API loads, merged stations first, then Poland, then Germany', () => {
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const catalogue = loadCatalogue(out);
    expect(catalogue.map((s) => s.id)).toEqual(['rock-radio-testowe', 'stacja-z-pliku', 'rock-radio-testowe-pl', 'punk-polska', 'punk-kneipe']);
    expect(catalogue[0]).toMatchObject({ name: 'Inna stacja', featured: true });
  });

  it('writes each imported station with its source, codec from its bytes, bitrate, genres and homepage', () => {
    const [, , rock, punk, kneipe] = JSON.parse(readFileSync(out, 'utf8')) as Array<Record<string, unknown>>;
    expect(rock).toEqual({
      id: 'rock-radio-testowe-pl',
      name: 'Rock Radio Testowe',
      country: 'pl',
      genres: ['rock'],
      streamUrl: `${fake.base}/streams/good.mp3`,
      homepage: 'https://rock.example/',
      codec: 'mp3',
      bitrate: 128,
      source: `radio-browser:${uuid(1)}`,
    });
    expect(punk).toEqual({
      id: 'punk-polska',
      name: 'Punk Polska',
      country: 'pl',
      genres: ['punk'],
      streamUrl: `${fake.base}/streams/redirect-aac`,
      codec: 'aac',
      bitrate: 64,
      source: `radio-browser:${uuid(2)}`,
    });
    expect(kneipe).toMatchObject({ country: 'de', genres: ['punk'], codec: 'mp3', source: `radio-browser:${uuid(11)}` });
  });

  it('asks the directory per tag and country, working stations by votes, naming itself', () => {
    const searches = fake.searches();
    expect(searches.map((q) => `${q.tag}/${q.countrycode}`)).toEqual(['rock/PL', 'rock/DE', 'punk/PL', 'punk/DE']);
    for (const query of searches) expect(query).toMatchObject({ hidebroken: 'true', order: 'votes', reverse: 'true', limit: '10' });
    expect(searches.every((query) => query.codec === undefined)).toBe(true);
    expect(fake.requests.length).toBeGreaterThan(searches.length);
    for (const { userAgent } of fake.requests) expect(userAgent).toMatch(/^GrouaRock\/\d+\.\d+\.\d+ \(station import\)$/);
  });

  it('refuses each bad stream with its reason', () => {
    expect(lineOf(run, 'Zaginione Radio')).toContain('answers HTTP 404');
    expect(lineOf(run, 'Strona zamiast radia')).toContain('an HTML page, not audio');
    expect(lineOf(run, 'Hängendes Radio')).toContain('no audio within 2 s');
    expect(lineOf(run, 'Falscher Codec')).toContain('announces MP3, but its first bytes are AAC');
    expect(lineOf(run, 'Ogg Rock')).toContain('an Ogg stream');
    expect(lineOf(run, 'Lokalny Serwer')).toContain('resolves to an address that is not public');
  });

  it('refuses what the options or the merged file rule out, and repeats', () => {
    expect(lineOf(run, 'Mało głosów')).toContain('2 votes, fewer than --min-votes 5');
    expect(lineOf(run, 'Flac Rock')).toContain('codec FLAC is not one of --codec');
    expect(lineOf(run, 'Radio HLS')).toContain('an HLS stream');
    expect(lineOf(run, 'Stacja z pliku')).toContain('already in the catalogue it is merged into');
    expect(run.stdout).toContain(`- Rock Radio Testowe (radio-browser:${uuid(5)}): the same stream as a station listed before it`);
    expect(run.stdout).not.toContain('Zepsute Radio');
    expect(run.stdout).not.toContain('Jazz Nur');
    expect(run.stdout).toContain('Kept 3,');
    expect(run.stdout).toContain('Refused 11:');
  });

  it('opened no stream of a station ruled out before the check', () => {
    const opened = fake.requests.filter((r) => r.url.pathname.startsWith('/streams/')).map((r) => r.url.search);
    expect(opened).not.toEqual(expect.arrayContaining(['?few']));
    expect(opened).not.toEqual(expect.arrayContaining(['?hls']));
    expect(opened).not.toEqual(expect.arrayContaining(['?flac']));
    expect(opened).not.toEqual(expect.arrayContaining(['?merged']));
  });

  it('fails with a message and writes nothing when no station passes', async () => {
    const nothing = path.join(dir, 'nothing.json');
    const empty = await stations(['import', '--server', fake.base, '--tag', 'polka', '--out', nothing]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('No station passed: nothing was written.');
    expect(() => readFileSync(nothing)).toThrow();
  });

  it('stops with a message when the directory does not answer', async () => {
    const down = await stations(['import', '--server', 'http://127.0.0.1:9', '--tag', 'rock', '--out', path.join(dir, 'down.json')]);
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('no Radio Browser server answered');
  });

  it('refuses bad options with the usage', async () => {
    const bad = await stations(['import', '--country', 'Polska', '--out', path.join(dir, 'x.json')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--country POLSKA is not a two-letter country code');
    expect(bad.stderr).toContain('Usage: npm run stations -- import');
  });
});
