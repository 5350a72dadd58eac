import { resolveSrv } from 'node:dns/promises';

/** The fields of a Radio Browser station the import reads (api.radio-browser.info, "Station struct"). */
export interface DirectoryStation {
  stationuuid: string;
  name: string;
  url: string;
  url_resolved: string;
  homepage: string;
  tags: string;
  countrycode: string;
  votes: number;
  codec: string;
  bitrate: number;
  hls: number;
  lastcheckok: number;
}

export interface DirectorySearch {
  tag?: string;
  countrycode?: string;
  codec?: string;
  limit: number;
}

/** The directory could not be asked; the import stops. */
export class DirectoryError extends Error {
  override name = 'DirectoryError';
}

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The Radio Browser API (docs/radio-catalogue.md, "Importing stations"): the servers from the DNS SRV record
 * `_api._tcp.radio-browser.info` in random order, the next one tried when one fails, or the one server given.
 */
export class RadioBrowser {
  private servers: string[] | undefined;

  constructor(
    private readonly userAgent: string,
    server?: string,
  ) {
    if (server) this.servers = [server.replace(/\/+$/, '')];
  }

  /** `/json/stations/search`, working stations only, most voted first. */
  async search(query: DirectorySearch): Promise<DirectoryStation[]> {
    const params = new URLSearchParams({ hidebroken: 'true', order: 'votes', reverse: 'true', limit: String(query.limit) });
    if (query.tag) params.set('tag', query.tag);
    if (query.countrycode) params.set('countrycode', query.countrycode);
    if (query.codec) params.set('codec', query.codec);
    const body = await this.get(`/json/stations/search?${params}`);
    if (!Array.isArray(body)) throw new DirectoryError('the directory answered the search with something other than a list');
    return body.filter(isStation);
  }

  private async get(path: string): Promise<unknown> {
    const servers = this.servers ?? (this.servers = await discoverServers());
    const failures: string[] = [];
    for (const [index, server] of servers.entries()) {
      try {
        const res = await fetch(`${server}${path}`, { headers: { 'user-agent': this.userAgent, accept: 'application/json' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body: unknown = await res.json();
        // The server that answered is asked first from now on.
        if (index > 0) this.servers = [server, ...servers.filter((other) => other !== server)];
        return body;
      } catch (e) {
        failures.push(`${server}: ${(e as Error).message}`);
      }
    }
    throw new DirectoryError(`no Radio Browser server answered (${failures.join('; ')})`);
  }
}

async function discoverServers(): Promise<string[]> {
  let records: Array<{ name: string }>;
  try {
    records = await resolveSrv('_api._tcp.radio-browser.info');
  } catch (e) {
    throw new DirectoryError(`cannot find Radio Browser's servers (DNS SRV _api._tcp.radio-browser.info: ${(e as Error).message}); give one with --server`);
  }
  if (!records.length) throw new DirectoryError('the DNS SRV record _api._tcp.radio-browser.info lists no servers; give one with --server');
  return shuffle(records.map((record) => `https://${record.name}`));
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** An entry with the fields the import needs, of the right types: the directory is user-written data. */
function isStation(value: unknown): value is DirectoryStation {
  if (typeof value !== 'object' || value === null) return false;
  const station = value as Record<string, unknown>;
  return (
    ['stationuuid', 'name', 'url', 'url_resolved', 'homepage', 'tags', 'countrycode', 'codec'].every((key) => typeof station[key] === 'string') &&
    ['votes', 'bitrate', 'hls', 'lastcheckok'].every((key) => typeof station[key] === 'number')
  );
}
