#!/usr/bin/env node
// The deployment files, checked as part of the workspace's lint target (`npm test` installs docker-compose first when
// it is missing):
// - `docker compose config` (or the standalone docker-compose) accepts docker-compose.yml with deploy/.env.example;
// - deploy/.env.example names every variable of the README's "Configuration" table, and nothing the code, the table
//   or docker-compose.yml does not know;
// - the Dockerfile copies what `npm ci` runs (every workspace's package.json, the postinstall's script) before it,
//   and its runtime stage takes the bundle only; .dockerignore keeps the local installs, builds and data out;
// - both its stages are the Node the tests run on (scripts/node-runtime.mjs), which package.json's engines accepts;
// - every placeholder of the balancer's template is set in docker-compose.yml.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_VERSION } from './node-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
export const ENV_EXAMPLE = 'deploy/.env.example';
export const BALANCER_TEMPLATE = 'deploy/nginx/templates/grouarock.conf.template';

/** How to run Compose here: Docker's plugin, else the standalone docker-compose, else undefined. */
export function composeCommand() {
  if (spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0) return ['docker', 'compose'];
  if (spawnSync('sh', ['-c', 'command -v docker-compose'], { stdio: 'ignore' }).status === 0) return ['docker-compose'];
  return undefined;
}

/**
 * The variables the README's Configuration table names, its shorthands expanded: `A_ID`/`_SECRET` (the suffix replaces
 * as many trailing words), `FACEBOOK_…` (the row's first names with another first word), `<PROVIDER>` (each provider
 * the table names with a CLIENT_ID).
 */
export function readmeVariables(readme) {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = section.split('\n').filter((line) => /^\| `/.test(line)).map((line) => [...line.split('|')[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]));
  const names = [];
  for (const codes of rows) {
    const row = [];
    for (const code of codes) {
      if (code.startsWith('_')) {
        const previous = row.at(-1).split('_');
        row.push([...previous.slice(0, previous.length - code.slice(1).split('_').length), code.slice(1)].join('_'));
      } else if (code.endsWith('_…')) {
        const first = code.slice(0, -2);
        row.push(...row.filter((n) => !n.includes('…')).slice(0, 2).map((n) => [first, ...n.split('_').slice(1)].join('_')));
      } else row.push(code);
    }
    names.push(...row);
  }
  const providers = names.filter((n) => n.endsWith('_CLIENT_ID')).map((n) => n.slice(0, -'_CLIENT_ID'.length));
  return [...new Set(names.flatMap((n) => (n.includes('<PROVIDER>') ? providers.map((p) => n.replace('<PROVIDER>', p)) : [n])))];
}

/** The names an env file sets (`NAME=value` lines). */
export function envFileVariables(text) {
  return [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
}

/** Each problem with the deployment files, as one line. */
export function deploymentProblems() {
  const problems = [];
  const example = envFileVariables(read(ENV_EXAMPLE));
  const readme = readmeVariables(read('README.md'));
  if (readme.length < 20 || readme.some((n) => !/^[A-Z][A-Z0-9_]*$/.test(n))) problems.push(`README.md: could not read the Configuration table's variables (got ${readme.join(' ')})`);
  for (const name of readme) if (!example.includes(name)) problems.push(`${ENV_EXAMPLE}: ${name} (README's Configuration table) is missing`);
  const compose = read('docker-compose.yml');
  const known = new Set([
    ...readme,
    ...[...read('apps/api/src/core/config/environment.dto.ts').matchAll(/\b([A-Z][A-Z0-9_]*)\?: /g)].map((m) => m[1]),
    ...[...compose.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]),
  ]);
  for (const name of example) if (!known.has(name)) problems.push(`${ENV_EXAMPLE}: ${name} is read by neither the API nor docker-compose.yml`);
  const duplicates = example.filter((n, i) => example.indexOf(n) !== i);
  if (duplicates.length) problems.push(`${ENV_EXAMPLE}: set twice: ${duplicates.join(' ')}`);

  // The Dockerfile: `npm ci` needs every workspace manifest and the root postinstall's script in place.
  const dockerfile = read('Dockerfile');
  const [buildStage, runtimeStage = ''] = dockerfile.split(/^FROM .* AS runtime$/m);
  const beforeCi = buildStage.split(/^RUN npm ci\b/m)[0];
  if (beforeCi === buildStage) problems.push('Dockerfile: the build stage runs no `npm ci`');
  const copied = [...beforeCi.matchAll(/^COPY (.+)$/gm)].flatMap((m) => {
    const parts = m[1].trim().split(/\s+/);
    const destination = parts.pop();
    // A folder (`COPY scripts/ scripts/`) brings everything under it; a file lands in its destination folder.
    return parts.map((source) => (source.endsWith('/') ? `${destination.replace(/\/?$/, '/')}` : destination.endsWith('/') && destination !== './' ? path.posix.join(destination, path.posix.basename(source)) : source));
  });
  const manifest = JSON.parse(read('package.json'));
  const workspaces = manifest.workspaces.flatMap((pattern) => {
    const parent = pattern.replace(/\/\*$/, '');
    return readdirSync(path.join(root, parent)).map((d) => `${parent}/${d}/package.json`).filter((f) => existsSync(path.join(root, f)));
  });
  const postinstall = manifest.scripts.postinstall?.match(/node (\S+)/)?.[1];
  for (const file of ['package.json', 'package-lock.json', ...workspaces, ...(postinstall ? [postinstall] : [])]) {
    if (!copied.some((c) => c === file || (c.endsWith('/') && file.startsWith(c)))) problems.push(`Dockerfile: ${file} is not copied before \`npm ci\``);
  }
  const bundleDir = buildStage.match(/^RUN npm run bundle -- (\S+)$/m)?.[1];
  if (!bundleDir) problems.push('Dockerfile: the build stage does not run `npm run bundle -- <dir>`');
  const runtimeCopies = [...runtimeStage.matchAll(/^COPY (.+)$/gm)].map((m) => m[1]);
  if (!runtimeCopies.length || runtimeCopies.some((c) => !c.startsWith(`--from=build ${bundleDir} `))) problems.push(`Dockerfile: the runtime stage must copy the bundle (${bundleDir}) only`);
  if (!/^CMD \["node", "dist\/apps\/api\/main\.js"\]$/m.test(runtimeStage)) problems.push('Dockerfile: the runtime stage must run node dist/apps/api/main.js');
  const ignored = read('.dockerignore').split('\n').map((l) => l.trim());
  for (const entry of ['node_modules', '.data', 'dist', 'tmp', '.nx', '.runtime']) if (!ignored.includes(entry)) problems.push(`.dockerignore: ${entry} is not listed`);

  // The image's Node is the tests' (to the patch), and a version package.json's engines accepts: ^<major>.<minor>.<patch>.
  const images = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
  const image = `node:${NODE_VERSION}-bookworm-slim`;
  if (images.length !== 2 || images.some((i) => i !== image)) problems.push(`Dockerfile: both stages must be FROM ${image} (scripts/node-runtime.mjs's NODE_VERSION), got ${images.join(', ')}`);
  const engines = manifest.engines?.node?.match(/^\^(\d+)\.(\d+)\.(\d+)$/);
  const [major, minor, patch] = NODE_VERSION.split('.').map(Number);
  const accepted = engines && Number(engines[1]) === major && (Number(engines[2]) < minor || (Number(engines[2]) === minor && Number(engines[3]) <= patch));
  if (!accepted) problems.push(`package.json: engines.node (${manifest.engines?.node}) must be ^${major}.x.y accepting Node ${NODE_VERSION} (scripts/node-runtime.mjs)`);

  // The balancer's template: its placeholders are the image's envsubst variables, set on the balancer service.
  for (const [, name] of read(BALANCER_TEMPLATE).matchAll(/\$\{(GROUAROCK_[A-Z0-9_]+)\}/g)) {
    if (!new RegExp(`^\\s+${name}: `, 'm').test(compose)) problems.push(`docker-compose.yml: the balancer does not set ${name} (${BALANCER_TEMPLATE})`);
  }
  return [...new Set(problems)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = deploymentProblems();
  for (const problem of problems) console.error(problem);
  const compose = composeCommand();
  if (!compose) {
    console.error('Neither `docker compose` nor `docker-compose` is installed: apt-get install -y docker-compose');
    process.exit(1);
  }
  // The secrets docker-compose.yml requires, and the example as the replicas' env_file (deploy/.env is the operator's).
  const secrets = {
    POSTGRES_PASSWORD: 'validate-only',
    JWT_SECRET: 'validate-only-0123456789abcdefghijklmnop',
    SECRETS_KEY: 'validate-only-0123456789abcdefghijklmnop',
    S3_ACCESS_KEY_ID: 'validate-only',
    S3_SECRET_ACCESS_KEY: 'validate-only',
    GRAFANA_ADMIN_PASSWORD: 'validate-only',
    GROUAROCK_ENV_FILE: ENV_EXAMPLE,
  };
  const result = spawnSync(compose[0], [...compose.slice(1), '--env-file', ENV_EXAMPLE, 'config', '-q'], { cwd: root, stdio: 'inherit', env: { ...process.env, ...secrets } });
  process.exit(problems.length ? 1 : (result.status ?? 1));
}
