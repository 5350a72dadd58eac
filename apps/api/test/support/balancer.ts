import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';
import { repoRoot } from './repo-root';

const root = repoRoot();

/** The balancer's HTTP side as docker-compose.yml deploys it (the nginx image renders it from /etc/nginx/templates). */
export const BALANCER_TEMPLATE = path.join(root, 'deploy/nginx/templates/grouarock.conf.template');

/** Debian's nginx (package `nginx`), or NGINX_PATH. */
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/**
 * The template with each `${NAME}` placeholder replaced by `values[NAME]`, as the nginx image's envsubst does with the
 * variables docker-compose.yml sets; a placeholder without a value is an error rather than an empty string.
 */
export function renderBalancerTemplate(values: Record<string, string>, template = readFileSync(BALANCER_TEMPLATE, 'utf8')): string {
  return template.replace(/\$\{(GROUAROCK_[A-Z0-9_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${BALANCER_TEMPLATE} needs ${name}`);
    return value;
  });
}

export interface Balancer {
  /** http://127.0.0.1:<port> */
  base: string;
  port: number;
  /** Stops nginx (SIGTERM: at once, open streams included) and removes its folder. */
  stop: () => Promise<void>;
  /** nginx's error log so far. */
  errorLog: () => string;
}

/**
 * A real nginx in front of `upstreams` (`host:port` of HTTP backends), configured by the deployment's own template, on a
 * free loopback port (or `listenPort`, when the backends must know the address users reach them by): a child process (daemon off) with its configuration, pid file, logs and temporary files in a
 * folder of its own. As root its worker runs as root too, since that folder is not open to anyone else.
 */
export async function startBalancer(upstreams: readonly string[], listenPort?: number): Promise<Balancer> {
  if (!existsSync(NGINX_PATH)) throw new Error(`${NGINX_PATH} is missing: apt-get install -y nginx (or set NGINX_PATH)`);
  if (!upstreams.length) throw new Error('startBalancer needs at least one upstream');
  const dir = mkdtempSync(path.join(tmpdir(), 'grouarock-balancer-'));
  const port = listenPort ?? (await freePort());
  const site = path.join(dir, 'grouarock.conf');
  writeFileSync(
    site,
    renderBalancerTemplate({
      GROUAROCK_LISTEN: `127.0.0.1:${port}`,
      GROUAROCK_UPSTREAMS: upstreams.map((u) => `server ${u} max_fails=0;`).join(' '),
      GROUAROCK_CACHE: path.join(dir, 'cache'),
    }),
  );
  const temp = path.join(dir, 'temp');
  mkdirSync(temp);
  const errorLog = path.join(dir, 'error.log');
  // What docker-compose.yml's deploy/nginx/nginx.conf has around the template, with every path in the folder.
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `error_log ${errorLog} notice;`,
      'events { worker_connections 1024; }',
      'http {',
      `    access_log ${path.join(dir, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${path.join(temp, kind)};`),
      `    include ${site};`,
      '}',
      '',
    ].join('\n'),
  );
  let output = '';
  let exitCode: number | null | undefined;
  const nginx: ChildProcess = spawn(NGINX_PATH, ['-p', `${dir}/`, '-c', conf, '-e', errorLog, '-g', `daemon off; pid ${path.join(dir, 'nginx.pid')};`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nginx.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  nginx.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => nginx.once('exit', (code) => ((exitCode = code), resolve())));
  const readLog = (): string => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '');

  const listening = (): Promise<boolean> =>
    new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
  const deadline = Date.now() + 10_000;
  while (!(await listening())) {
    if (exitCode !== undefined || Date.now() > deadline) {
      if (exitCode === undefined) nginx.kill('SIGKILL');
      const log = readLog();
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not start:\n${output}${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    errorLog: readLog,
    stop: async () => {
      if (exitCode === undefined) nginx.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
