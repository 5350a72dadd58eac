// npm run bench:soak — the steady load of the drills on their cluster for ten minutes (SOAK_SECONDS to change it), with
// memory and latency watched: memory after warm-up grows by 5 % at most, the last minute's p99 is within 1.2× the
// first's, no 5xx. Exits 1 when one of those broke.
import { printReports, log } from '../drill/report';
import { Rig } from '../drill/rig';
import { soak, TEN_MINUTES } from '../drill/soak';
import { SteadyLoad } from '../drill/steady-load';

async function main(): Promise<void> {
  const seconds = Number(process.env.SOAK_SECONDS ?? TEN_MINUTES.seconds);
  const options = seconds === TEN_MINUTES.seconds ? TEN_MINUTES : { seconds, warmupSeconds: Math.min(60, seconds / 5), windowSeconds: Math.min(60, seconds / 5), memoryWindowSeconds: Math.min(120, (seconds * 2) / 5) };
  const rig = new Rig();
  const load = new SteadyLoad(rig);
  let kept = false;
  try {
    await rig.start();
    await load.start();
    log(`soaking for ${options.seconds} s`);
    const report = await soak(rig, load, options);
    printReports([report]);
    kept = report.kept;
  } finally {
    await load.stop().catch(() => undefined);
    await rig.stop().catch(() => undefined);
  }
  process.exit(kept ? 0 : 1);
}

void main();
