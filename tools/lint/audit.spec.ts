import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const script = path.join(root, 'scripts/audit.mjs');

/** An `npm audit --omit=dev --json` report as npm 11 writes it: one advisory on `pkg`, which `parent` depends on. */
function report(severity: string, id = 'GHSA-4hjh-wcwx-xvwj', pkg = 'axios') {
  const advisory = { source: 1097679, name: pkg, dependency: pkg, title: 'Denial of service through an unbounded response', url: `https://github.com/advisories/${id}`, severity, cwe: ['CWE-770'], cvss: { score: 7.5, vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }, range: '>=1.0.0 <1.12.0' };
  return {
    auditReportVersion: 2,
    vulnerabilities: {
      [pkg]: { name: pkg, severity, isDirect: false, via: [advisory], effects: ['@nestjs/axios'], range: '1.0.0 - 1.11.0', nodes: [`node_modules/${pkg}`], fixAvailable: true },
      '@nestjs/axios': { name: '@nestjs/axios', severity, isDirect: true, via: [pkg], effects: [], range: '*', nodes: ['node_modules/@nestjs/axios'], fixAvailable: true },
    },
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 2, [severity]: 2 } },
  };
}

describe('npm audit in the lint stage (scripts/audit.mjs)', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), 'audit-spec-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the script on a canned report and allow-list, as the lint stage runs it on npm's. */
  function judge(audit: unknown, advisories: unknown[] = []) {
    const reportFile = path.join(dir, 'report.json');
    const listFile = path.join(dir, 'allow.json');
    writeFileSync(reportFile, JSON.stringify(audit));
    writeFileSync(listFile, JSON.stringify({ advisories }));
    const run = spawnSync(process.execPath, [script, '--report', reportFile, '--allow-list', listFile], { cwd: root, encoding: 'utf8' });
    return { status: run.status, output: run.stdout + run.stderr };
  }

  const reason = 'We never call the affected function: only outbound JSON requests with a size limit of our own.';

  it('fails on a high or critical advisory, naming it, the package, where it is installed and the fix', () => {
    const high = judge(report('high'));
    expect(high.status).toBe(1);
    expect(high.output).toContain('HIGH GHSA-4hjh-wcwx-xvwj in axios');
    expect(high.output).toContain('installed at node_modules/axios');
    expect(high.output).toContain('a compatible fixed version exists');
    expect(high.output).toContain('1 high or critical not allowed');
    expect(judge(report('critical')).status).toBe(1);
  });

  it('passes the same advisory when the allow-list names it on that package with a reason', () => {
    const allowed = judge(report('high'), [{ id: 'GHSA-4hjh-wcwx-xvwj', package: 'axios', reason }]);
    expect(allowed.status).toBe(0);
    expect(allowed.output).toContain(`allowed high GHSA-4hjh-wcwx-xvwj in axios: ${reason}`);
    expect(allowed.output).toContain('0 high or critical not allowed, 1 allowed');
  });

  it('an allow-list entry is for one advisory on one package, and needs its reason', () => {
    expect(judge(report('high'), [{ id: 'GHSA-4hjh-wcwx-xvwj', package: 'follow-redirects', reason }]).status).toBe(1);
    expect(judge(report('high'), [{ id: 'GHSA-9x4v-xfq5-m8x5', package: 'axios', reason }]).status).toBe(1);
    const unexplained = judge(report('high'), [{ id: 'GHSA-4hjh-wcwx-xvwj', package: 'axios', reason: '' }]);
    expect(unexplained.status).toBe(1);
    expect(unexplained.output).toContain('advisories[0].reason must say why the advisory does not apply');
  });

  it('passes moderate and low advisories, counting them', () => {
    const moderate = judge(report('moderate'));
    expect(moderate.status).toBe(0);
    expect(moderate.output).toContain('0 high or critical not allowed, 0 allowed, 1 moderate or low');
    expect(judge(report('low')).status).toBe(0);
  });

  it('says when an allow-listed advisory is no longer reported as high or critical', () => {
    const stale = judge(report('moderate'), [{ id: 'GHSA-4hjh-wcwx-xvwj', package: 'axios', reason }]);
    expect(stale.status).toBe(0);
    expect(stale.output).toContain('GHSA-4hjh-wcwx-xvwj (axios) in the allow-list is no longer reported as high or critical: remove it');
  });

  describe('when the registry gives no advisories', () => {
    let server: Server;
    let registry: string;
    beforeAll(async () => {
      // A registry whose audit endpoint refuses the request, as a proxy that passes only GET does.
      server = createServer((_req, res) => res.writeHead(405, { allow: 'GET,HEAD' }).end());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      registry = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    /** The real npm audit of the repository's lock file, against that registry. */
    async function auditAgainstIt(env: Record<string, string> = {}): Promise<{ status: unknown; output: string }> {
      const child = spawn(process.execPath, [script], { cwd: root, env: { ...process.env, npm_config_registry: registry, npm_config_fetch_retries: '0', ...env } });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const status = await new Promise((resolve) => child.on('exit', resolve));
      return { status, output };
    }

    it('says loudly that the tree was not checked, and passes (the rest of the lint still gates)', async () => {
      const { status, output } = await auditAgainstIt({ AUDIT_REQUIRED: '' });
      expect(status).toBe(0);
      expect(output).toContain('audit: NOT CHECKED: npm audit returned no audit: 405 Method Not Allowed');
      expect(output).toContain('the production tree was not checked for known vulnerabilities');
    });

    it('fails instead where the audit is required (AUDIT_REQUIRED=1)', async () => {
      const { status, output } = await auditAgainstIt({ AUDIT_REQUIRED: '1' });
      expect(status).toBe(1);
      expect(output).toContain('npm audit returned no audit: 405 Method Not Allowed');
    });

    it('fails on a report that holds no audit', () => {
      const broken = judge({ error: { code: 'ENOLOCK', summary: 'This command requires an existing lockfile.' } });
      expect(broken.status).toBe(1);
      expect(broken.output).toContain('npm audit returned no audit: This command requires an existing lockfile.');
    });
  });
});
