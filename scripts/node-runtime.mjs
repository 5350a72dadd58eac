#!/usr/bin/env node
// The Node the product runs on, and the suite with it: one exact version, the Dockerfile's (both stages are
// node:<NODE_VERSION>-bookworm-slim; scripts/check-compose.mjs checks they agree). A machine with another Node (the
// development machines have Node 20, past its support) gets this one from the npm registry, the official build that the
// `node` package installs (node-<platform>-<arch>: bin/node and the headers in include/node), checked against the
// integrity below and unpacked into .runtime/ (git-ignored, kept across runs). Nothing but npm's own registry is asked.
//
//   node scripts/node-runtime.mjs --bin        installs it when missing, prints its bin folder (.ci/run puts it first on PATH)
//   node scripts/node-runtime.mjs -- <cmd…>    runs a command with it first on PATH
//
// `npm test`, `npm run drill` and `npm start` call runOnPinnedNode() first: on any other Node they run themselves again on
// this one (and pass on its exit status and signals), so the tests and the server run what the image runs.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_VERSION = '24.21.0';

/** The registry's tarballs of the official build, by platform: the integrity npm's lock files would record. */
const TARBALLS = {
  'linux-x64': 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  'linux-arm64': 'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const platform = `${process.platform}-${process.arch}`;
const home = path.join(root, '.runtime', `node-v${NODE_VERSION}-${platform}`);
const binary = path.join(home, 'bin', 'node');

function fail(message) {
  console.error(`node-runtime: ${message}`);
  process.exit(1);
}

const versionOf = (node) => spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();

/** The folder of the pinned Node's `node` (this process's own when it is that Node), installed when missing. */
export function ensureNodeRuntime() {
  if (process.version === `v${NODE_VERSION}`) return path.dirname(process.execPath);
  if (existsSync(binary) && versionOf(binary) === `v${NODE_VERSION}`) return path.dirname(binary);
  const integrity = TARBALLS[platform];
  if (!integrity) fail(`no build of Node ${NODE_VERSION} is pinned for ${platform}; install Node ${NODE_VERSION} and run this with it`);

  const pkg = `node-${platform}@${NODE_VERSION}`;
  console.error(`node-runtime: Node ${process.version} is not the product's Node; installing Node ${NODE_VERSION} (${pkg} from the npm registry) into ${path.relative(root, home)}`);
  mkdirSync(path.dirname(home), { recursive: true });
  const work = mkdtempSync(path.join(path.dirname(home), '.install-'));
  try {
    // npm itself fetches it, so the machine's registry, proxy and CA settings apply.
    const pack = spawnSync('npm', ['pack', pkg, '--pack-destination', work, '--json', '--silent'], { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (pack.status !== 0 || !tarball) throw new Error(`npm could not fetch ${pkg} from the registry (npm pack exited ${pack.status}); see above`);
    const digest = `sha512-${createHash('sha512').update(readFileSync(path.join(work, tarball))).digest('base64')}`;
    if (digest !== integrity) throw new Error(`${tarball} is not the pinned build: its integrity is ${digest}, scripts/node-runtime.mjs pins ${integrity}`);
    const unpacked = path.join(work, 'package');
    mkdirSync(unpacked);
    const tar = spawnSync('tar', ['-xzf', path.join(work, tarball), '-C', unpacked, '--strip-components=1'], { stdio: 'inherit' });
    if (tar.status !== 0) throw new Error(`could not unpack ${tarball}`);
    const got = versionOf(path.join(unpacked, 'bin', 'node'));
    if (got !== `v${NODE_VERSION}`) throw new Error(`the unpacked node says ${got ?? 'nothing'}, not v${NODE_VERSION}`);
    // Another run may have installed it meanwhile (and may be running it): then that one stays.
    if (!(existsSync(binary) && versionOf(binary) === `v${NODE_VERSION}`)) {
      rmSync(home, { recursive: true, force: true });
      renameSync(unpacked, home);
    }
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    fail(error.message);
  }
  rmSync(work, { recursive: true, force: true });
  return path.dirname(binary);
}

/**
 * The environment that runs the pinned Node: its bin folder first on PATH (so `node`, and npm's `#!/usr/bin/env node`,
 * are it), npm's record of the Node that ran it updated, and node-gyp pointed at its headers (no download).
 */
export function nodeRuntimeEnv(bin, env = process.env) {
  const node = path.join(bin, 'node');
  const nodedir = path.dirname(bin);
  return {
    ...env,
    PATH: [bin, ...(env.PATH ?? '').split(path.delimiter).filter((p) => p && p !== bin)].join(path.delimiter),
    NODE: node,
    npm_node_execpath: node,
    ...(existsSync(path.join(nodedir, 'include', 'node', 'node.h')) ? { npm_config_nodedir: nodedir } : {}),
  };
}

/**
 * Resolves at once on the pinned Node. On any other, runs this process's script again on it, with the same arguments,
 * passes it the signals this process gets, and ends with its status: the returned promise then never resolves.
 */
export function runOnPinnedNode() {
  if (process.version === `v${NODE_VERSION}`) return Promise.resolve();
  const bin = ensureNodeRuntime();
  console.error(`node-runtime: running on Node ${NODE_VERSION} (${path.relative(process.cwd(), path.join(bin, 'node')) || 'node'}), not ${process.version}`);
  // In a process group of its own, so that each signal reaches it once, from here: Ctrl-C in a terminal signals the
  // whole foreground group, and a second SIGINT would cut short the server's drain (main.ts handles the first only).
  // Nothing it runs reads the terminal (a background group that did would be stopped).
  const child = spawn(path.join(bin, 'node'), [...process.execArgv, ...process.argv.slice(1)], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: nodeRuntimeEnv(bin),
    detached: true,
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  });
  return new Promise(() => {});
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args[0] === '--bin' && args.length === 1) {
    console.log(ensureNodeRuntime());
  } else if (args[0] === '--' && args.length > 1) {
    const bin = ensureNodeRuntime();
    const run = spawnSync(args[1], args.slice(2), { stdio: 'inherit', env: nodeRuntimeEnv(bin) });
    if (run.error) fail(`${args[1]}: ${run.error.message}`);
    process.exit(run.status ?? 1);
  } else {
    fail('usage: node scripts/node-runtime.mjs --bin | -- <command> [args…]');
  }
}
