// npm run bench:relay — N listeners for S seconds on loopback: the CPU seconds and memory per listener of
// our server relaying one station, next to Icecast2 serving the same N listeners the same source in the
// same run. Ends with: bench:relay listeners=… cpu_ratio_vs_icecast=… rss_kb_per_listener=…
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, request, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IcecastServer } from '../test/support/icecast';
import { cpuSeconds, rssKb, sleep, startServer } from './support';

const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);

interface Crowd {
  bytes: () => number;
  close: () => void;
}

/** N HTTP listeners reading (and discarding) a stream as fast as it comes; they connect in batches. */
async function crowd(url: string, n: number): Promise<Crowd> {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  let bytes = 0;
  const requests: ClientRequest[] = [];
  const connect = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const req = request(url, { agent }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`listener ${i} got ${res.statusCode}`));
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('error', () => undefined); // closing the crowd aborts every response
        resolve();
      });
      req.on('error', (e) => reject(new Error(`listener ${i}: ${e.message}`)));
      req.end();
      requests.push(req);
    });
  for (let i = 0; i < n; i += 50) await Promise.all(Array.from({ length: Math.min(50, n - i) }, (_, j) => connect(i + j)));
  return { bytes: () => bytes, close: () => requests.forEach((r) => r.destroy()) };
}

/**
 * CPU seconds over SECONDS with N listeners, and memory per listener as a marginal cost: RSS with N/2
 * listeners against RSS with N, so fixed costs (the heap growing under load) do not count per listener.
 */
async function measure(pid: number, url: string): Promise<{ cpu: number; rssKbPerListener: number; mbps: number }> {
  const half = Math.floor(LISTENERS / 2);
  const first = await crowd(url, half);
  await sleep(5000);
  const rssHalf = rssKb(pid);
  const second = await crowd(url, LISTENERS - half);
  await sleep(5000);
  const rssFull = rssKb(pid);
  const bytes = () => first.bytes() + second.bytes();
  const cpuStart = cpuSeconds(pid);
  const bytesStart = bytes();
  await sleep(SECONDS * 1000);
  const cpu = cpuSeconds(pid) - cpuStart;
  const mbps = ((bytes() - bytesStart) * 8) / SECONDS / 1e6;
  first.close();
  second.close();
  return { cpu, rssKbPerListener: (rssFull - rssHalf) / (LISTENERS - half), mbps };
}

async function main(): Promise<void> {
  const icecast = new IcecastServer();
  await icecast.start();
  await icecast.startSource('/bench.mp3', 440);
  const stations = path.join(mkdtempSync(path.join(tmpdir(), 'bench-stations-')), 'stations.json');
  writeFileSync(stations, JSON.stringify([{ id: 'bench', name: 'Bench', country: 'pl', genres: ['rock'], streamUrl: `${icecast.base}/bench.mp3` }]));
  const server = await startServer({ STATIONS_FILE: stations, RELAY_MAX_LISTENERS: String(LISTENERS + 10) });
  try {
    const reference = await measure(icecast.pid, `${icecast.base}/bench.mp3`);
    await sleep(2000);
    const ours = await measure(server.pid, `${server.base}/api/v1/radio/bench/stream`);
    const ratio = ours.cpu / reference.cpu;
    console.log(`listeners: ${LISTENERS}, ${SECONDS} s each, 128 kbit/s MP3 source (ffmpeg → Icecast2), loopback`);
    console.log(`Icecast2 direct: cpu=${reference.cpu.toFixed(2)} s, ${reference.rssKbPerListener.toFixed(1)} KiB per listener, delivered ${reference.mbps.toFixed(1)} Mbit/s`);
    console.log(`our relay:       cpu=${ours.cpu.toFixed(2)} s, ${ours.rssKbPerListener.toFixed(1)} KiB per listener, delivered ${ours.mbps.toFixed(1)} Mbit/s`);
    console.log(`bench:relay listeners=${LISTENERS} cpu_ratio_vs_icecast=${ratio.toFixed(2)} rss_kb_per_listener=${ours.rssKbPerListener.toFixed(1)}`);
  } finally {
    await server.stop();
    await icecast.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
