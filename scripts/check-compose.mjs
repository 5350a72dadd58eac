#!/usr/bin/env node
// `docker compose config` (or the standalone docker-compose) must accept the deployment file. Part of the
// workspace's lint target; `npm test` installs docker-compose first when it is missing.
import { spawnSync } from 'node:child_process';

/** How to run Compose here: Docker's plugin, else the standalone docker-compose, else undefined. */
export function composeCommand() {
  if (spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0) return ['docker', 'compose'];
  if (spawnSync('sh', ['-c', 'command -v docker-compose'], { stdio: 'ignore' }).status === 0) return ['docker-compose'];
  return undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const compose = composeCommand();
  if (!compose) {
    console.error('Neither `docker compose` nor `docker-compose` is installed: apt-get install -y docker-compose');
    process.exit(1);
  }
  const secrets = { POSTGRES_PASSWORD: 'validate-only', JWT_SECRET: 'validate-only-0123456789abcdefghijklmnop' };
  const result = spawnSync(compose[0], [...compose.slice(1), 'config', '-q'], { stdio: 'inherit', env: { ...process.env, ...secrets } });
  process.exit(result.status ?? 1);
}
