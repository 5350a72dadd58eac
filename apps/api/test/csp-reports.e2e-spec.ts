import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { CspReportsController } from '../src/core/http/csp-reports.controller';
import { CspReportStore } from '../src/core/http/csp-reports';
import { Metrics } from '../src/core/metrics/metrics';
import { startTestApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';

/** A report as Chromium posts it to report-uri. */
const reportUri = {
  'csp-report': {
    'document-uri': 'http://localhost/about?x=1',
    referrer: '',
    'violated-directive': 'style-src-elem',
    'effective-directive': 'style-src-elem',
    'original-policy': "default-src 'none'",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 1,
    'column-number': 9,
    'source-file': 'http://localhost/assets/app.js',
    'status-code': 200,
    'script-sample': '',
  },
};

/** A batch as the Reporting API posts it to report-to's endpoint. */
const reportingApi = [
  { age: 3, type: 'csp-violation', url: 'http://localhost/radio', user_agent: 'Chrome', body: { documentURL: 'http://localhost/radio', blockedURL: 'trusted-types-sink', effectiveDirective: 'require-trusted-types-for', disposition: 'enforce', statusCode: 200 } },
];

describe('POST /api/v1/csp-reports', () => {
  let db: TestDatabase;
  let app: NestFastifyApplication;
  const http = () => request(app.getHttpServer());
  /** Each test from an address of its own, so the per-address limit of one does not reach the next. */
  let address = 0;
  const post = (type: string, body: string) => http().post('/api/v1/csp-reports').set('X-Forwarded-For', `203.0.113.${++address}`).set('Content-Type', type).send(body);

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await startTestApp(db.url, { TRUST_PROXY: '1' });
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const counted = async (directive: string) => Number(new RegExp(`grouarock_csp_violations_total\\{directive="${directive}"\\} (\\d+)`).exec(await app.get(Metrics).text())?.[1] ?? 0);

  it("takes report-uri's body: 204, kept and counted", async () => {
    const before = await counted('style-src-elem');
    const res = await post('application/csp-report', JSON.stringify(reportUri));
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await counted('style-src-elem')).toBe(before + 1);
    const [kept] = await app.get(CspReportStore).newest(1);
    expect(kept).toMatchObject({ documentUrl: 'http://localhost/about', directive: 'style-src-elem', blockedUrl: 'inline', line: 1, column: 9, disposition: 'enforce' });
  });

  it("takes the Reporting API's batch: 204, each violation counted", async () => {
    const before = await counted('require-trusted-types-for');
    expect((await post('application/reports+json', JSON.stringify([...reportingApi, ...reportingApi]))).status).toBe(204);
    expect(await counted('require-trusted-types-for')).toBe(before + 2);
  });

  it.each([
    ['broken JSON', 'application/csp-report', '{"csp-report":', 400],
    ['a report without csp-report', 'application/csp-report', '{"x":1}', 400],
    ['a field of the wrong type', 'application/csp-report', JSON.stringify({ 'csp-report': { ...reportUri['csp-report'], 'line-number': 'one' } }), 400],
    ['an object for a batch', 'application/reports+json', JSON.stringify(reportUri), 400],
    ['another type of body', 'text/plain', 'hello', 415],
    ['a form', 'application/x-www-form-urlencoded', 'a=1', 415],
    ['a body over 32 KiB', 'application/csp-report', JSON.stringify({ 'csp-report': { ...reportUri['csp-report'], 'script-sample': 'x'.repeat(40_000) } }), 413],
  ])('answers %s with a JSON client error', async (_name, type, body, status) => {
    const res = await post(type, body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ statusCode: status, message: expect.anything() });
  });

  it(`takes ${CspReportsController.perMinute} reports a minute from one address, then answers 429`, async () => {
    const from = '198.51.100.7';
    for (let i = 0; i < CspReportsController.perMinute; i++) {
      await http().post('/api/v1/csp-reports').set('X-Forwarded-For', from).set('Content-Type', 'application/csp-report').send(JSON.stringify(reportUri)).expect(204);
    }
    const refused = await http().post('/api/v1/csp-reports').set('X-Forwarded-For', from).set('Content-Type', 'application/csp-report').send(JSON.stringify(reportUri));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('keeps reports in PostgreSQL for 30 days and 10,000 at most: the hourly sweep forgets the rest', async () => {
    await db.query('DELETE FROM csp_reports');
    // 10,003 recent reports and one 31 days old.
    await db.query(
      `INSERT INTO csp_reports (received_at, document_url, blocked_url, directive, disposition)
       SELECT now() - make_interval(secs => n), 'http://localhost/' || n, 'inline', 'style-src-elem', 'enforce' FROM generate_series(1, ${CspReportStore.KEEP_AT_MOST + 3}) AS n`,
    );
    await db.query(`INSERT INTO csp_reports (received_at, document_url, blocked_url, directive, disposition) VALUES (now() - interval '31 days', 'http://localhost/old', 'inline', 'img-src', 'enforce')`);
    await app.get(CspReportStore).sweep();
    const [{ count, oldest }] = await db.query<{ count: string; oldest: string }>('SELECT count(*) AS count, max(document_url) FILTER (WHERE received_at = (SELECT min(received_at) FROM csp_reports)) AS oldest FROM csp_reports');
    expect(Number(count)).toBe(CspReportStore.KEEP_AT_MOST);
    expect(oldest).toBe(`http://localhost/${CspReportStore.KEEP_AT_MOST}`);
    expect(await db.query(`SELECT 1 FROM scheduled_job_runs WHERE name = 'csp-report-sweep'`)).toHaveLength(1);
  });
});
