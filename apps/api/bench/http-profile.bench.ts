// node scripts/bench/run.mjs http-profile — where a request of bench:http's goes, layer by layer
// (docs/request-path.md). For each of the public and the keyed load the built server is given a warm-up round, then a
// measured load (its CPU and PostgreSQL's, read from /proc, divided by the requests); bare node:http serving the same
// bytes is measured the same way. Then the server's inspector is switched on (SIGUSR1) and each load is run again under
// the V8 sampling profiler, whose samples are given to layers. The profiler samples wall time on the main thread, so
// its layers do not add up to the CPU measured without it: read them as proportions.
// BENCH_PROFILE_REQUESTS (3000), BENCH_PROFILE_TARGETS (public,keyed), BENCH_PROFILE_SAVE (a folder: .cpuprofile files).
// Ends with: bench:http-profile bare_cpu_us=… public_cpu_us=… public_pg_us=… keyed_cpu_us=… keyed_pg_us=…
import { fork } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { WebSocket } from 'ws';
import { apiKeyOf, cpuSeconds, freePort, loadRound, sleep, startServer } from './support';

// The warm-up and the two loads of the same size stay within the Enterprise plan's burst of 10,000 for the keyed one.
const REQUESTS = Number(process.env.BENCH_PROFILE_REQUESTS ?? 3000);
const CONCURRENCY = 16;
const TARGETS = (process.env.BENCH_PROFILE_TARGETS ?? 'public,keyed').split(',');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Layers. A sample under Fastify's reply.send (JSON, the onSend hooks with the ETag, the headers, the body to the
 * socket), or Express's res.json or res.send for a build from before the move, is the answer's; any other is given to
 * the first layer that claims a frame, from the sampled one towards the root.
 */
const ANSWER = 'the answer: reply.send (JSON, ETag, headers, body to the socket)';
const isAnswer = (fn: string, url: string) =>
  (/\/fastify\/lib\/reply\.js$/.test(url) && /^(?:(?:Reply\.)?send|onSendHook|wrapOnSendEnd|onSendEnd)$/.test(fn)) || (/\/express\/lib\/response\.js$/.test(url) && /^(json|send)$/.test(fn));
const LAYERS: [name: string, claims: (fn: string, url: string) => boolean][] = [
  ['GC', (fn) => fn === '(garbage collector)'],
  ['pg client', (_, url) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+)\//.test(url)],
  ['typeorm', (_, url) => url.includes('node_modules/typeorm/')],
  ['logging (pino, pino-http)', (_, url) => /node_modules\/(pino|pino-http|nestjs-pino|pino-std-serializers|sonic-boom|@pinojs\/redact|fast-redact|quick-format-unescaped)\//.test(url)],
  ['validation (class-validator/-transformer)', (_, url) => /node_modules\/(class-validator|class-transformer|validator)\//.test(url)],
  ['Nest (core, common, throttler, rxjs)', (_, url) => /node_modules\/(@nestjs\/|rxjs\/|reflect-metadata\/|tslib\/)/.test(url)],
  ['Express, and the middleware packages (compression, etag, fresh…)', (_, url) => /node_modules\/(express|router|body-parser|cookie-parser|cookie|helmet|compression|compressible|on-headers|vary|negotiator|accepts|type-is|raw-body|content-type|finalhandler|parseurl|path-to-regexp|qs|send|serve-static|fresh|etag|proxy-addr|ipaddr\.js|depd|statuses|mime-types|mime-db|media-typer|on-finished|encodeurl|escape-html|debug|ms|utils-merge|merge-descriptors|range-parser|content-disposition|http-errors|forwarded|iconv-lite|safe-buffer|setprototypeof|inherits|destroy|ee-first|unpipe)\//.test(url)],
  ['Fastify and its plugins (middie, the router)', (_, url) => /node_modules\/(fastify|@fastify\/[\w-]+|find-my-way|avvio|fast-querystring|fast-decode-uri-component|secure-json-parse|toad-cache|abstract-logging|process-warning|rfdc|fastify-plugin|reusify|fastq|light-my-request|fast-json-stringify|json-schema-ref-resolver|safe-regex2|ret)\//.test(url)],
  ['our code (the API bundle)', (_, url) => url.includes('dist/apps/api/')],
  ['node core (HTTP parser, sockets, timers, async hooks)', (_, url) => url.startsWith('node:') || url.startsWith('internal/')],
  ['other packages', (_, url) => url.includes('node_modules/')],
];
const IDLE = new Set(['(idle)', '(program)', '(root)']);

/** µs of CPU per request for each layer, from a profile of `requests` requests. */
export function layersOf(profile: Profile, requests: number): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const layerOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = layerOf.get(id);
    if (known) return known;
    let layer: string | undefined;
    for (let at: number | undefined = id; at !== undefined && layer !== ANSWER; at = parent.get(at)) {
      const { functionName, url } = byId.get(at)!.callFrame;
      if (isAnswer(functionName, url) && layer !== 'GC') layer = ANSWER;
      else layer ??= LAYERS.find(([, claims]) => claims(functionName, url))?.[0];
    }
    layer ??= 'unattributed (builtins with no caller of ours)';
    layerOf.set(id, layer);
    return layer;
  };
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    if (IDLE.has(byId.get(id)!.callFrame.functionName)) return;
    const layer = classify(id);
    totals.set(layer, (totals.get(layer) ?? 0) + profile.timeDeltas[i]);
  });
  return new Map([...totals].map(([k, v]) => [k, v / requests] as [string, number]).sort((a, b) => b[1] - a[1]));
}

/** CPU seconds of the postgres processes under the server (the embedded server and its backends). */
function postgresSeconds(serverPid: number): number {
  const children = new Map<number, number[]>();
  const commands = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.split(') ')[1].split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
      commands.set(Number(entry), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (commands.get(child)?.startsWith('postgres')) {
        try {
          total += cpuSeconds(child);
        } catch {
          // gone meanwhile
        }
      }
      walk(child);
    }
  };
  walk(serverPid);
  return total;
}

/** A Chrome DevTools Protocol session on the server's inspector. */
async function inspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let next = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const id = ++next;
      pending.set(id, resolve as (result: unknown) => void);
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

async function main(): Promise<void> {
  const inspectPort = await freePort();
  // The inspector's port is set now, but the inspector is off (it costs the server CPU) until the profiling below.
  const server = await startServer({}, [`--inspect-port=127.0.0.1:${inspectPort}`]);
  const figures: string[] = [];
  let cdp: Awaited<ReturnType<typeof inspector>> | undefined;
  try {
    const stations = `${server.base}/api/v1/radio/stations`;
    const key = TARGETS.includes('keyed') ? await apiKeyOf(server, 'bench-profile@example.com') : '';
    const headers = {
      public: (i: number) => ({ 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }),
      keyed: () => ({ authorization: `Bearer ${key}` }),
    };
    // The floor: bare node:http sending the same bytes, its CPU per request measured the same way.
    const bare = fork(path.join(__dirname, 'bare-http.child.js'));
    try {
      const body = await (await fetch(stations)).text();
      const port = await new Promise<number>((resolve) => {
        bare.once('message', (m: { port: number }) => resolve(m.port));
        bare.send({ body });
      });
      const url = `http://127.0.0.1:${port}/api/v1/radio/stations`;
      await loadRound(url, () => ({}), 1000, CONCURRENCY);
      const [cpu0, own0] = [cpuSeconds(bare.pid!), process.cpuUsage()];
      const { rps } = await loadRound(url, () => ({}), REQUESTS, CONCURRENCY);
      const own = process.cpuUsage(own0);
      const us = ((cpuSeconds(bare.pid!) - cpu0) * 1e6) / REQUESTS;
      console.log(`bare node:http: ${rps.toFixed(0)} req/s, server CPU ${us.toFixed(0)} µs/request, load generator ${((own.user + own.system) / REQUESTS).toFixed(0)} µs/request`);
      figures.push(`bare_cpu_us=${us.toFixed(0)}`);
    } finally {
      bare.kill();
    }
    const load = (target: keyof typeof headers, requests = REQUESTS) => loadRound(stations, headers[target], requests, CONCURRENCY);
    const measured = new Map<string, string>();
    for (const target of TARGETS as (keyof typeof headers)[]) {
      await load(target); // warm-up: the same requests (for public, the same addresses), as bench:http warms up
      const [cpu0, pg0, own0] = [cpuSeconds(server.pid), postgresSeconds(server.pid), process.cpuUsage()];
      const { rps } = await load(target);
      const own = process.cpuUsage(own0);
      const perRequest = (seconds: number) => (seconds * 1e6) / REQUESTS;
      const serverUs = perRequest(cpuSeconds(server.pid) - cpu0);
      const pgUs = perRequest(postgresSeconds(server.pid) - pg0);
      measured.set(
        target,
        `${rps.toFixed(0)} req/s; server CPU ${serverUs.toFixed(0)} µs/request, PostgreSQL ${pgUs.toFixed(0)} µs/request, load generator ${perRequest((own.user + own.system) / 1e6).toFixed(0)} µs/request`,
      );
      figures.push(`${target}_cpu_us=${serverUs.toFixed(0)} ${target}_pg_us=${pgUs.toFixed(0)}`);
    }
    process.kill(server.pid, 'SIGUSR1');
    await sleep(500);
    cdp = await inspector(inspectPort);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    for (const target of TARGETS as (keyof typeof headers)[]) {
      await cdp.send('Profiler.start');
      await load(target);
      const { profile } = await cdp.send<{ profile: Profile }>('Profiler.stop');
      if (process.env.BENCH_PROFILE_SAVE) writeFileSync(path.join(process.env.BENCH_PROFILE_SAVE, `http-${target}.cpuprofile`), JSON.stringify(profile));
      const layers = layersOf(profile, REQUESTS);
      const profiled = [...layers.values()].reduce((a, b) => a + b, 0);
      console.log(`\n${target}: ${REQUESTS} requests, ${CONCURRENCY} at a time: ${measured.get(target)}`);
      console.log(`  profiled (${profiled.toFixed(0)} µs/request of samples on the main thread):`);
      for (const [layer, us] of layers) console.log(`  ${us.toFixed(0).padStart(6)} µs ${((us / profiled) * 100).toFixed(0).padStart(3)} %  ${layer}`);
    }
  } finally {
    cdp?.close();
    await server.stop();
  }
  console.log(`bench:http-profile ${figures.join(' ')}`);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
