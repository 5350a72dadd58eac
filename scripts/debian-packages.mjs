// The Debian packages the suite and the drills drive, and which stages need them: the one list (`npm test` and
// `npm run drill` both install from it).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { composeCommand } from './check-compose.mjs';

const require = createRequire(import.meta.url);
const chromium = require('../tools/chromium.cjs');

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/**
 * Chromium runs the browser tests (and, in the API tests, a browser watching a replica killed mid-stream), Icecast2 and ffmpeg the radio relay tests, nginx the deployment's balancer in front
 * of the bundle (apps/api/test/support/balancer.ts), PostgreSQL 15's client and server the backup tests, Compose
 * validates docker-compose.yml (Debian's docker client comes without the compose plugin), and Prometheus checks the
 * deployment's alerts and dashboard (scripts/check-monitoring.mjs) and scrapes the drills' cluster.
 */
const debianPackages = [
  { name: chromium.debianPackage, stages: ['api', 'audio', 'e2e', 'storybook'], present: () => existsSync(chromium.executablePath) },
  { name: 'icecast2', stages: ['api', 'e2e', 'drill'], present: () => onPath('icecast2') },
  { name: 'ffmpeg', stages: ['api', 'e2e', 'drill'], present: () => onPath('ffmpeg') },
  { name: 'nginx', stages: ['api', 'drill'], present: () => existsSync('/usr/sbin/nginx') },
  { name: 'postgresql-15', stages: ['api', 'drill'], present: () => existsSync('/usr/lib/postgresql/15/bin/postgres') },
  { name: 'docker-compose', stages: ['lint'], present: () => composeCommand() !== undefined },
  { name: 'prometheus', stages: ['lint', 'drill'], present: () => existsSync('/usr/bin/promtool') && existsSync('/usr/bin/prometheus') },
];

/**
 * Installs the packages the `selected` stages need and lack, when we are root (`exec(command, args, env)` runs a
 * command and says whether it succeeded); otherwise says how to. Whether they are all there now.
 */
export function ensureDebianPackages(selected, exec) {
  const missing = debianPackages.filter((p) => p.stages.some((s) => selected.includes(s)) && !p.present()).map((p) => p.name);
  if (!missing.length) return true;
  if (process.getuid?.() !== 0) {
    console.error(`Missing Debian packages: ${missing.join(' ')}. Install them as root:\n  apt-get update && apt-get install -y ${missing.join(' ')}`);
    return false;
  }
  console.log(`Installing Debian packages: ${missing.join(' ')}`);
  const apt = { DEBIAN_FRONTEND: 'noninteractive' };
  return exec('apt-get', ['update', '-qq'], apt) && exec('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], apt);
}
