import { BadRequestException, HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { CspReportRepository } from '../../repositories/csp-report.repository';
import { Metrics } from '../metrics/metrics';
import { ScheduledJobs } from '../metrics/scheduled-jobs';

/** One violation as a browser reported it, both formats read into one shape (each text cut to a bounded length). */
export interface CspViolation {
  receivedAt: Date;
  /** The page the policy blocked something on (without its query, which may hold a token). */
  documentUrl: string;
  /** What was blocked: a URL's origin and path, or `inline`, `eval`, `trusted-types-sink`… */
  blockedUrl: string;
  /** The directive that blocked it, as the counter labels it (DIRECTIVES, else `other`). */
  directive: string;
  disposition: 'enforce' | 'report';
  sourceFile: string | null;
  line: number | null;
  column: number | null;
  /** The first characters of the inline script or style (browsers send at most 40). */
  sample: string | null;
  userAgent: string | null;
}

/**
 * The directives a violation can name (CSP Level 3 and Trusted Types): the counter's labels are these and `other`, so
 * that a hostile body cannot make a series per value.
 */
export const DIRECTIVES = [
  'default-src', 'script-src', 'script-src-elem', 'script-src-attr', 'style-src', 'style-src-elem', 'style-src-attr', 'img-src', 'font-src',
  'media-src', 'connect-src', 'manifest-src', 'worker-src', 'child-src', 'frame-src', 'object-src', 'base-uri', 'form-action', 'frame-ancestors',
  'require-trusted-types-for', 'trusted-types', 'fenced-frame-src', 'webrtc', 'navigate-to',
] as const;

/** The content types browsers send reports as: report-uri's (some send plain JSON) and the Reporting API's. */
export const CSP_REPORT_TYPES = ['application/csp-report', 'application/json', 'application/reports+json'] as const;

const TEXT_MAX = 2048;
const SAMPLE_MAX = 256;
/** Reports in one Reporting API batch taken at most (a browser sends a few; the body limit bounds it anyway). */
const BATCH_MAX = 100;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text field: absent is null, a string is cut to `max`, anything else is a hostile body. */
function text(value: unknown, field: string, max = TEXT_MAX): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new BadRequestException(`${field} must be a string`);
  return value.slice(0, max);
}

function count(value: unknown, field: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new BadRequestException(`${field} must be a whole number`);
  return value;
}

/** A URL without its query and fragment (a page's address may carry a token); what is not a URL (`inline`) as it is. */
function withoutQuery(value: string | null): string | null {
  return value === null ? null : value.replace(/[?#].*$/s, '');
}

/** The counter's label for a directive: `script-src-elem 'self'` (old browsers send the whole directive) is script-src-elem. */
export function directiveLabel(value: string | null): string {
  const name = (value ?? '').trim().split(/\s+/, 1)[0].toLowerCase();
  return (DIRECTIVES as readonly string[]).includes(name) ? name : 'other';
}

/** report-uri's body: `{"csp-report": {"document-uri": …, "effective-directive": …, …}}`. */
function fromReportUri(body: unknown, userAgent: string | null, receivedAt: Date): CspViolation {
  const report = isObject(body) ? body['csp-report'] : undefined;
  if (!isObject(report)) throw new BadRequestException('The body must be an object with a csp-report object');
  const documentUrl = text(report['document-uri'], 'document-uri');
  if (!documentUrl) throw new BadRequestException('csp-report.document-uri is required');
  return {
    receivedAt,
    documentUrl: withoutQuery(documentUrl) ?? '',
    blockedUrl: withoutQuery(text(report['blocked-uri'], 'blocked-uri')) ?? '',
    directive: directiveLabel(text(report['effective-directive'], 'effective-directive') ?? text(report['violated-directive'], 'violated-directive')),
    disposition: report.disposition === 'report' ? 'report' : 'enforce',
    sourceFile: withoutQuery(text(report['source-file'], 'source-file')),
    line: count(report['line-number'], 'line-number'),
    column: count(report['column-number'], 'column-number'),
    sample: text(report['script-sample'], 'script-sample', SAMPLE_MAX),
    userAgent,
  };
}

/** The Reporting API's body: `[{"type": "csp-violation", "url": …, "body": {"documentURL": …, …}}, …]`; other types are left out. */
function fromReportingApi(body: unknown, userAgent: string | null, receivedAt: Date): CspViolation[] {
  if (!Array.isArray(body)) throw new BadRequestException('The body must be an array of reports');
  if (body.length > BATCH_MAX) throw new BadRequestException(`At most ${BATCH_MAX} reports at once`);
  return body.flatMap((entry, index): CspViolation[] => {
    if (!isObject(entry) || typeof entry.type !== 'string') throw new BadRequestException(`Report ${index} must be an object with a type`);
    if (entry.type !== 'csp-violation') return [];
    const report = entry.body;
    if (!isObject(report)) throw new BadRequestException(`Report ${index} must have a body object`);
    const documentUrl = text(report.documentURL, 'documentURL') ?? text(entry.url, 'url');
    if (!documentUrl) throw new BadRequestException(`Report ${index}: documentURL is required`);
    return [
      {
        receivedAt,
        documentUrl: withoutQuery(documentUrl) ?? '',
        blockedUrl: withoutQuery(text(report.blockedURL, 'blockedURL')) ?? '',
        directive: directiveLabel(text(report.effectiveDirective, 'effectiveDirective')),
        disposition: report.disposition === 'report' ? 'report' : 'enforce',
        sourceFile: withoutQuery(text(report.sourceFile, 'sourceFile')),
        line: count(report.lineNumber, 'lineNumber'),
        column: count(report.columnNumber, 'columnNumber'),
        sample: text(report.sample, 'sample', SAMPLE_MAX),
        userAgent: text(entry.user_agent, 'user_agent', 512) ?? userAgent,
      },
    ];
  });
}

/**
 * The violations in a report body of the given content type (its media type; parameters ignored). A body of another
 * type is a 415, one of the right type but the wrong shape a 400: both JSON errors in our usual shape.
 */
export function readCspReports(contentType: string | undefined, body: unknown, userAgent: string | undefined, receivedAt = new Date()): CspViolation[] {
  const type = (contentType ?? '').split(';', 1)[0].trim().toLowerCase();
  const agent = userAgent?.slice(0, 512) ?? null;
  if (type === 'application/reports+json') return fromReportingApi(body, agent, receivedAt);
  if (type === 'application/csp-report' || type === 'application/json') return [fromReportUri(body, agent, receivedAt)];
  throw new HttpException({ message: `Reports are ${CSP_REPORT_TYPES.join(' or ')}`, code: 'unsupported_media_type' }, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
}

/**
 * Where the violations go: each is counted in grouarock_csp_violations_total (what an alert watches), written to the
 * log, and kept in PostgreSQL (csp_reports: what an operator reads afterwards, `SELECT * FROM csp_reports ORDER BY
 * received_at DESC`), 30 days and 10,000 at most, swept hourly. The endpoint's per-address limit
 * (CspReportsController) and the body limit bound what one client can add.
 */
@Injectable()
export class CspReportStore {
  static readonly KEEP_DAYS = 30;
  static readonly KEEP_AT_MOST = 10_000;
  private readonly logger = new Logger('CspReports');

  constructor(
    private readonly metrics: Metrics,
    private readonly reports: CspReportRepository,
    private readonly scheduled: ScheduledJobs,
  ) {
    // The series exist at 0 from the start, so that the first violation shows as an increase.
    for (const directive of ['script-src-elem', 'style-src-elem', 'style-src-attr', 'require-trusted-types-for', 'connect-src', 'img-src']) metrics.cspViolations.inc({ directive }, 0);
  }

  async add(violations: CspViolation[]): Promise<void> {
    for (const violation of violations) {
      this.metrics.cspViolations.inc({ directive: violation.directive });
      const where = violation.sourceFile ? ` (${violation.sourceFile}:${violation.line ?? '?'}:${violation.column ?? '?'})` : '';
      this.logger.warn(`CSP violation (${violation.disposition}): ${violation.directive} blocked ${violation.blockedUrl || '?'} on ${violation.documentUrl}${where}`);
    }
    await this.reports.add(violations);
  }

  /** The newest kept violations, newest first. */
  newest(limit = 100): Promise<CspViolation[]> {
    return this.reports.newest(limit);
  }

  @Cron(CronExpression.EVERY_HOUR)
  async sweep(): Promise<void> {
    await this.scheduled.run('csp-report-sweep', 3600, () => this.reports.sweep(CspReportStore.KEEP_DAYS, CspReportStore.KEEP_AT_MOST, new Date()));
  }
}
