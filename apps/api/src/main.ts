import 'reflect-metadata';
import path from 'node:path';
import { ConfigError, loadConfig } from './core/config/config';
import { EmbeddedDatabase } from './core/database/embedded-database';
import { createApp } from './create-app';
import { Drain } from './core/health/drain';
import { unavailableForDatabase } from './core/database/database-errors';

/** Logs for the operator before the structured logger exists. */
const console_ = {
  log: (m: string) => console.log(`[grouarock] ${m}`),
  warn: (m: string) => console.warn(`[grouarock] ${m}`),
  error: (m: string) => console.error(`[grouarock] ${m}`),
};

let embedded: EmbeddedDatabase | undefined;

/** How long a stopping process lets its requests in flight finish before it closes (a studio upload, a slow client). */
const DRAIN_GRACE_MS = 10_000;

/**
 * A database connection lost outside any query (the server restarting under a session a library keeps) reaches Node as
 * an 'error' event nobody listens to, thrown here. The pools reconnect by themselves and the requests that needed the
 * database have had their 503: that must not end the process. Anything else ends it as Node would.
 */
process.on('uncaughtException', (e: Error) => {
  if (unavailableForDatabase(e)) {
    console_.warn(`A database connection was lost outside any query (${e.message}); the pools reconnect`);
    return;
  }
  console.error(e);
  process.exit(1);
});

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }

  embedded = config.databaseUrl
    ? undefined
    : new EmbeddedDatabase({ databaseDir: path.join(config.dataDir, 'postgres'), logger: console_ });
  const databaseUrl = config.databaseUrl ?? (await embedded!.start());

  const app = await createApp({ config, databaseUrl, webRoot: path.resolve(__dirname, '../web') });
  const drain = app.get(Drain);
  drain.watch(app.getHttpServer());

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
    if (closing) return;
    closing = true;
    console_.log(`${signal} received, draining`);
    const force = setTimeout(() => process.exit(1), 15_000 + DRAIN_GRACE_MS).unref();
    try {
      // Not-ready at once, no new connections, the requests in flight answered; then the application closes, its radio
      // listeners and sockets last, so those clients reconnect to another replica (docs/operations.md, "Health,
      // readiness and the drain").
      await drain.begin(app.getHttpServer(), DRAIN_GRACE_MS);
      if (drain.pending) console_.warn(`${drain.pending} request(s) still in flight after ${DRAIN_GRACE_MS / 1000} s; closing`);
      await app.close();
      await embedded?.stop();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.once('SIGINT', (s) => void shutdown(s));
  process.once('SIGTERM', (s) => void shutdown(s));

  // Every interface, as node's listen(port) does (Fastify's own default is localhost alone): IPv6 and IPv4 where the
  // host has IPv6, IPv4 alone where it does not.
  await app.listen(config.port, '::').catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'EAFNOSUPPORT' && e.code !== 'EADDRNOTAVAIL') throw e;
    return app.listen(config.port, '0.0.0.0');
  });
  console_.log(`GrouaRock is running at http://localhost:${config.port} (public URL ${config.publicUrl})`);
}

main().catch(async (e: unknown) => {
  // A setting found wrong only when its system answered (the media store's bucket or keys) reads like any other.
  if (e instanceof ConfigError) console.error(`Configuration error: ${e.message}`);
  else console_.error(e instanceof Error ? e.message : String(e));
  // Never leave the database server behind when the API could not start.
  await embedded?.stop().catch(() => undefined);
  process.exit(1);
});
