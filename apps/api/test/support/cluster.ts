import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Balancer, startBalancer } from './balancer';
import { freePort } from './free-port';
import { LocalObjectStore } from './object-store';
import { type ServerProcess, startServerProcess } from './server-process';

/** nginx reaches the API processes from this address: the one hop they trust to name the client (TRUST_PROXY). */
export const BALANCER_ADDRESS = '127.0.0.1';

export interface Cluster {
  processes: ServerProcess[];
  /** Each process's DATA_DIR: nothing is shared between them but the database and the bucket. */
  dataDirs: string[];
  rtmpPorts: number[];
  balancer: Balancer;
  store: LocalObjectStore;
  stop: () => Promise<void>;
}

/**
 * API processes as an operator runs them (docs/operations.md): the built server, each with a DATA_DIR of its own, on
 * one database, with media in an S3 bucket (s3rver through the real AWS SDK), behind a real nginx configured by the
 * deployment's own template. They start together, as replicas of a deploy do: the migrations take turns.
 */
export async function startCluster(
  databaseUrl: string,
  size = 3,
  env: Record<string, string> = {},
  /** What differs from one process to the next (each one's WebRTC UDP port), by its index. */
  envOf: (index: number) => Record<string, string> = () => ({}),
): Promise<Cluster> {
  const store = await new LocalObjectStore().start();
  const dataDirs = Array.from({ length: size }, () => mkdtempSync(path.join(tmpdir(), 'grouarock-replica-')));
  const rtmpPorts: number[] = [];
  for (let i = 0; i < size; i++) rtmpPorts.push(await freePort());
  // Every process knows the site by the balancer's address, as in a deploy (PUBLIC_URL names the tokens' issuer).
  const balancerPort = await freePort();
  const processes = await Promise.all(
    dataDirs.map((dataDir, i) =>
      startServerProcess(databaseUrl, dataDir, {
        ...store.env(),
        PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
        RTMP_PORT: String(rtmpPorts[i]),
        TRUST_PROXY: BALANCER_ADDRESS,
        ...env,
        ...envOf(i),
      }),
    ),
  );
  const balancer = await startBalancer(
    processes.map((p) => `127.0.0.1:${p.port}`),
    balancerPort,
  );
  return {
    processes,
    dataDirs,
    rtmpPorts,
    balancer,
    store,
    stop: async () => {
      await balancer.stop();
      await Promise.all(processes.map((p) => p.stop()));
      await store.stop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
  json: () => any;
}

/**
 * A request sent from `localAddress` (any of 127.0.0.0/8), so the balancer sees each test client at an address of
 * its own, as it sees users on the internet; nothing in the request names the address.
 */
export function requestFrom(localAddress: string, url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const payload = init.body === undefined ? undefined : Buffer.from(JSON.stringify(init.body));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: init.method ?? 'GET',
        localAddress,
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}), ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body.toString()) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
