import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedDatabase } from '../../api/src/core/database/embedded-database';
import { FakeStripe } from '../../api/test/support/fake-stripe';
import { IcecastServer } from '../../api/test/support/icecast';
import { startFlacSource } from '../../api/test/support/icecast-flac';
import { e2eAccessTokenTtlSeconds, e2eEventsFile, e2eStations, e2eWebRtcPort } from './e2e-config';

const root = path.resolve(__dirname, '../../..');

async function waitForHealth(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${output()}`);
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become healthy within 60 s:\n${output()}`);
}

/**
 * The product as a user gets it: the production build of the web app served by the built API, on a
 * real PostgreSQL that the tests can also read (E2E_DATABASE_URL).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const built of ['dist/apps/api/main.js', 'dist/apps/web/index.html']) {
    if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: build first (npx nx run-many -t build -p api web)`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'grouarock-e2e-'));
  chmodSync(dir, 0o755);
  const db = new EmbeddedDatabase({ databaseDir: path.join(dir, 'postgres') });
  const databaseUrl = await db.start();
  process.env.E2E_DATABASE_URL = databaseUrl;

  // A real Icecast2 fed by ffmpeg, one mount per test station (each its own tone), for the radio tests.
  const icecast = new IcecastServer();
  await icecast.start();
  for (const station of e2eStations) {
    await icecast.startSource(station.mount, station.frequency);
    if ('hq' in station) await icecast.startSource(station.hq.mount, station.hq.frequency, station.hq.bitrate);
  }
  const flacSources = await Promise.all(
    e2eStations.flatMap((station) => ('lossless' in station ? [startFlacSource(icecast, station.lossless.mount, station.lossless.frequency, station.lossless)] : [])),
  );
  process.env.E2E_ICECAST_URL = icecast.base;
  process.env.E2E_ICECAST_ADMIN_PASSWORD = icecast.adminPassword;
  const stationsFile = path.join(dir, 'stations.json');
  writeFileSync(
    stationsFile,
    JSON.stringify(
      e2eStations.map(({ mount, frequency: _f, ...station }) => ({
        ...station,
        streamUrl: `${icecast.base}${mount}`,
        ...('hq' in station ? { hq: { streamUrl: `${icecast.base}${station.hq.mount}`, bitrate: station.hq.bitrate, codec: 'mp3' } } : {}),
        ...('lossless' in station ? { lossless: { streamUrl: `${icecast.base}${station.lossless.mount}`, codec: 'flac' } } : {}),
      })),
    ),
  );

  const eventsFile = path.join(dir, 'events.json');
  writeFileSync(eventsFile, JSON.stringify(e2eEventsFile()));

  const port = process.env.E2E_PORT ?? '4310';
  // A local fake of Stripe (the server's real SDK talks to it): its checkout page pays and delivers signed events.
  const stripe = new FakeStripe();
  await stripe.start();
  stripe.webhookUrl = `http://localhost:${port}/api/v1/billing/webhook`;
  process.env.E2E_STRIPE_URL = stripe.base;
  // Mails (no SMTP_URL) land in <DATA_DIR>/outbox/ as .eml files; support/mail.ts reads them.
  process.env.E2E_DATA_DIR = dir;
  let output = '';
  const server = spawn(process.execPath, [path.join(root, 'dist/apps/api/main.js')], {
    env: {
      ...process.env,
      PORT: port,
      // Links in mails and the server's redirects must come back to this server.
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      // Short-lived access tokens, so a test can get past expiry in real time (auth.spec.ts).
      ACCESS_TOKEN_TTL: String(e2eAccessTokenTtlSeconds),
      STATIONS_FILE: stationsFile,
      EVENTS_FILE: eventsFile,
      // Not 1935: a machine may run another RTMP server (or another test run).
      RTMP_PORT: process.env.E2E_RTMP_PORT ?? '4311',
      // WebRTC (WHIP and WHEP, live-webrtc.spec.ts) on one port of loopback, UDP and TCP: the browsers run on this machine.
      LIVE_WEBRTC_PORT: String(e2eWebRtcPort),
      LIVE_WEBRTC_BIND: '127.0.0.1',
      ...stripe.env(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await waitForHealth(`http://localhost:${port}/api/v1/health`, server, () => output);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    await db.stop();
    for (const stop of flacSources) await stop();
    await icecast.stop();
    await stripe.stop();
    // The cluster's files may live outside `dir` (see cluster-directory.ts) when TMPDIR is closed to postgres.
    EmbeddedDatabase.remove(path.join(dir, 'postgres'));
    rmSync(dir, { recursive: true, force: true });
  };
}
