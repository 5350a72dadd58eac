import { BadRequestException, HttpException, Logger } from '@nestjs/common';
import { Metrics } from '../metrics/metrics';
import type { CspReportRepository } from '../../repositories/csp-report.repository';
import type { ScheduledJobs } from '../metrics/scheduled-jobs';
import { CspReportStore, type CspViolation, directiveLabel, readCspReports } from './csp-reports';

const at = new Date('2026-12-02T05:00:00Z');

/** A report as Chrome sends it to report-uri. */
const reportUri = {
  'csp-report': {
    'document-uri': 'https://grouarock.example/radio?token=secret',
    referrer: '',
    'violated-directive': 'style-src-elem',
    'effective-directive': 'style-src-elem',
    'original-policy': "default-src 'none'",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 12,
    'column-number': 3,
    'source-file': 'https://grouarock.example/assets/app.js?v=1',
    'status-code': 200,
    'script-sample': '.x{color:red}',
  },
};

/** A batch as the Reporting API sends it to report-to's endpoint. */
const reportingApi = [
  {
    age: 10,
    type: 'csp-violation',
    url: 'https://grouarock.example/studio',
    user_agent: 'Mozilla/5.0 Chrome/140',
    body: { documentURL: 'https://grouarock.example/studio#x', blockedURL: 'trusted-types-sink', effectiveDirective: 'require-trusted-types-for', disposition: 'enforce', sample: 'Element innerHTML|<b>', statusCode: 200, lineNumber: 1, columnNumber: 20, sourceFile: 'https://grouarock.example/assets/studio.js' },
  },
  { age: 5, type: 'deprecation', url: 'https://grouarock.example/', body: { id: 'x' } },
];

describe('readCspReports', () => {
  it("reads report-uri's body, the address without its query", () => {
    expect(readCspReports('application/csp-report', reportUri, 'Firefox', at)).toEqual<CspViolation[]>([
      { receivedAt: at, documentUrl: 'https://grouarock.example/radio', blockedUrl: 'inline', directive: 'style-src-elem', disposition: 'enforce', sourceFile: 'https://grouarock.example/assets/app.js', line: 12, column: 3, sample: '.x{color:red}', userAgent: 'Firefox' },
    ]);
    expect(readCspReports('application/json; charset=utf-8', reportUri, undefined, at)).toHaveLength(1);
  });

  it("reads the Reporting API's batch, leaving out reports of other types", () => {
    expect(readCspReports('application/reports+json', reportingApi, 'ignored', at)).toEqual<CspViolation[]>([
      { receivedAt: at, documentUrl: 'https://grouarock.example/studio', blockedUrl: 'trusted-types-sink', directive: 'require-trusted-types-for', disposition: 'enforce', sourceFile: 'https://grouarock.example/assets/studio.js', line: 1, column: 20, sample: 'Element innerHTML|<b>', userAgent: 'Mozilla/5.0 Chrome/140' },
    ]);
  });

  it('cuts long texts', () => {
    const long = { 'csp-report': { ...reportUri['csp-report'], 'blocked-uri': `https://x.example/${'a'.repeat(5000)}`, 'script-sample': 'b'.repeat(1000) } };
    const [violation] = readCspReports('application/csp-report', long, undefined, at);
    expect(violation.blockedUrl).toHaveLength(2048);
    expect(violation.sample).toHaveLength(256);
  });

  it.each([
    ['no csp-report', 'application/csp-report', {}],
    ['a csp-report that is a string', 'application/csp-report', { 'csp-report': 'x' }],
    ['no document-uri', 'application/csp-report', { 'csp-report': { 'blocked-uri': 'inline' } }],
    ['a number for a text', 'application/csp-report', { 'csp-report': { ...reportUri['csp-report'], 'blocked-uri': 7 } }],
    ['a negative line', 'application/csp-report', { 'csp-report': { ...reportUri['csp-report'], 'line-number': -1 } }],
    ['an object for a batch', 'application/reports+json', reportUri],
    ['a report without a type', 'application/reports+json', [{ body: {} }]],
    ['a violation without a body', 'application/reports+json', [{ type: 'csp-violation' }]],
    ['a violation without an address', 'application/reports+json', [{ type: 'csp-violation', body: { blockedURL: 'inline' } }]],
    ['too many reports at once', 'application/reports+json', Array.from({ length: 101 }, () => reportingApi[1])],
  ])('refuses %s with a 400', (_name, type, body) => {
    expect(() => readCspReports(type, body, undefined, at)).toThrow(BadRequestException);
  });

  it.each([undefined, 'text/plain', 'application/x-www-form-urlencoded'])('refuses a body of type %s with a 415', (type) => {
    let error: unknown;
    try {
      readCspReports(type, reportUri, undefined, at);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(HttpException);
    expect((error as HttpException).getStatus()).toBe(415);
  });
});

describe('directiveLabel', () => {
  it("is the directive's name, from old browsers' whole directive too, and `other` for any name CSP has not", () => {
    expect(directiveLabel('script-src-elem')).toBe('script-src-elem');
    expect(directiveLabel("Style-Src 'self' 'sha256-x'")).toBe('style-src');
    expect(directiveLabel('x'.repeat(100))).toBe('other');
    expect(directiveLabel(null)).toBe('other');
  });
});

describe('CspReportStore', () => {
  let metrics: Metrics;
  beforeEach(() => {
    metrics = new Metrics();
    // Each violation is logged as a warning too: not this test's output.
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    metrics.onModuleDestroy();
    jest.restoreAllMocks();
  });

  const violation = (n: number, directive = 'style-src-elem'): CspViolation => ({ receivedAt: at, documentUrl: `https://grouarock.example/${n}`, blockedUrl: 'inline', directive, disposition: 'enforce', sourceFile: null, line: null, column: null, sample: null, userAgent: null });

  it('counts each violation by directive in grouarock_csp_violations_total, and keeps them all', async () => {
    const kept: CspViolation[] = [];
    const store = new CspReportStore(metrics, { add: async (v: CspViolation[]) => void kept.push(...v) } as unknown as CspReportRepository, {} as ScheduledJobs);
    await store.add([violation(1), violation(2), violation(3, 'require-trusted-types-for')]);
    const text = await metrics.text();
    expect(text).toContain('grouarock_csp_violations_total{directive="style-src-elem"} 2');
    expect(text).toContain('grouarock_csp_violations_total{directive="require-trusted-types-for"} 1');
    expect(text).toContain('grouarock_csp_violations_total{directive="script-src-elem"} 0');
    expect(kept.map((v) => v.documentUrl)).toEqual(['https://grouarock.example/1', 'https://grouarock.example/2', 'https://grouarock.example/3']);
  });
});
