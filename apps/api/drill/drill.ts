import { createHash } from 'node:crypto';
import { requestFrom } from '../test/support/cluster';
import { replayAndBackup } from './backup-drill';
import { acknowledgedWrites, bucketOutage, databaseOutage, generate, rollingRestart } from './drills';
import { listenersAsScraped, metricsAfterDrills } from './metrics-truth';
import { DrillReport, log, printReports } from './report';
import { Rig } from './rig';
import { soak } from './soak';
import { SteadyLoad } from './steady-load';

/** The drills' own soak: the ten-minute one's promises over five minutes (`npm run bench:soak` runs the ten). */
const DRILL_SOAK = { seconds: 300, warmupSeconds: 60, windowSeconds: 60, memoryWindowSeconds: 120 };

/**
 * `npm run drill` (docs/operations.md, "Fault drills"): the cluster's real parts under a steady load, through a rolling
 * restart, a PostgreSQL outage, a bucket outage, a backup and restore, and a short soak. Each drill prints its figures
 * and promises; the run exits 1 when a promise broke.
 */
async function main(): Promise<void> {
  const started = Date.now();
  const rig = new Rig();
  const reports: DrillReport[] = [];
  const load = new SteadyLoad(rig);
  try {
    log('starting the cluster: PostgreSQL, the bucket, Icecast, 3 API processes, nginx, Prometheus');
    await rig.start();
    await load.start();
    const setup = new DrillReport('setup');
    reports.push(setup);
    await listenersAsScraped(rig, load, setup);
    // A track stored before the outages, to read while the bucket is away and to compare after.
    const stored = await generate(rig, load.members[4], 'Punk przed próbą', 90_000);
    if (!stored.trackId) throw new Error(`the first generation failed: ${stored.why}`);
    const audio = await requestFrom(load.members[4].address, `${rig.api}/studio/tracks/${stored.trackId}/audio`, { headers: { authorization: `Bearer ${load.members[4].token}` } });
    const bytesSha = createHash('sha256').update(audio.body).digest('hex');
    // The assistant and the sign-in limit, so their panels have something to show.
    await requestFrom('127.0.40.1', `${rig.api}/assistant/chat`, { method: 'POST', body: { message: 'Jakie stacje punkowe gracie?', locale: 'pl' } });

    for (const drill of [() => rollingRestart(rig, load), () => databaseOutage(rig, load), () => bucketOutage(rig, load, { trackId: stored.trackId!, bytesSha })]) {
      const report = await drill();
      reports.push(report);
      log(`${report.name}: ${report.kept ? 'every promise kept' : 'a promise broke'}`);
    }
    reports.push(await soak(rig, load, DRILL_SOAK));
    reports.push(await metricsAfterDrills(rig, Math.ceil((Date.now() - started) / 1000)));
    await load.stop();
    reports.push(await acknowledgedWrites(rig, load));
    reports.push(await replayAndBackup(rig, load, { trackId: stored.trackId, owner: load.members[4] }));
  } catch (e) {
    const failed = new DrillReport('run');
    failed.promise('the drills ran to their end', false, (e as Error).stack ?? String(e));
    reports.push(failed);
  } finally {
    await load.stop().catch(() => undefined);
    await rig.stop().catch(() => undefined);
  }
  printReports(reports);
  log(`drills took ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(reports.every((r) => r.kept) ? 0 : 1);
}

void main();
