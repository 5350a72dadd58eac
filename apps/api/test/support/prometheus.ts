import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/** Debian's prometheus (package `prometheus`), or PROMETHEUS_PATH. */
export const PROMETHEUS_PATH = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';

/** One series of an instant query's answer. */
export interface Sample {
  metric: Record<string, string>;
  value: number;
}

/**
 * A real Prometheus scraping the API processes' metrics listeners (`host:port` each, labelled `replica` by position), every
 * `intervalSeconds`, with its data in a temporary folder: what the deploy's Prometheus does, at a faster pace.
 */
export class PrometheusServer {
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'grouarock-prometheus-'));
  private child?: ChildProcess;
  private output = '';
  base = '';

  constructor(
    private readonly targets: readonly string[],
    private readonly intervalSeconds = 1,
  ) {}

  async start(): Promise<this> {
    if (!existsSync(PROMETHEUS_PATH)) throw new Error(`${PROMETHEUS_PATH} is missing: apt-get install -y prometheus (or set PROMETHEUS_PATH)`);
    const config = path.join(this.dir, 'prometheus.yml');
    const staticConfigs = this.targets.map((target, i) => `      - targets: ['${target}']\n        labels: { replica: 'app${i + 1}' }`).join('\n');
    writeFileSync(
      config,
      `global:\n  scrape_interval: ${this.intervalSeconds}s\n  evaluation_interval: ${this.intervalSeconds}s\nscrape_configs:\n  - job_name: grouarock\n    scrape_timeout: ${this.intervalSeconds}s\n    static_configs:\n${staticConfigs}\n`,
    );
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    this.child = spawn(
      PROMETHEUS_PATH,
      [`--config.file=${config}`, `--storage.tsdb.path=${path.join(this.dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child.stdout?.on('data', (d: Buffer) => (this.output += d.toString()));
    this.child.stderr?.on('data', (d: Buffer) => (this.output += d.toString()));
    const deadline = Date.now() + 20_000;
    while (!(await fetch(`${this.base}/-/ready`).then((r) => r.ok, () => false))) {
      if (this.child.exitCode !== null || Date.now() > deadline) throw new Error(`Prometheus did not start:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return this;
  }

  /** An instant query's series (PromQL), at `time` (seconds) or now. */
  async query(expr: string, time?: number): Promise<Sample[]> {
    const url = new URL(`${this.base}/api/v1/query`);
    url.searchParams.set('query', expr);
    if (time !== undefined) url.searchParams.set('time', String(time));
    const answer = (await (await fetch(url)).json()) as { status: string; error?: string; data: { resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] } };
    if (answer.status !== 'success') throw new Error(`${expr}: ${answer.error}`);
    if (answer.data.resultType === 'scalar') {
      const [, value] = answer.data.result as unknown as [number, string];
      return [{ metric: {}, value: Number(value) }];
    }
    return answer.data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
  }

  /** The single value of a query that yields one series, or undefined when it yields none. */
  async value(expr: string, time?: number): Promise<number | undefined> {
    const samples = await this.query(expr, time);
    if (samples.length > 1) throw new Error(`${expr} yields ${samples.length} series, not one`);
    return samples[0]?.value;
  }

  async stop(): Promise<void> {
    if (this.child && this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child!.once('exit', resolve));
      this.child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
