import { Controller, Headers, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import { CspReportStore, readCspReports } from './csp-reports';

/**
 * Where browsers report what the Content-Security-Policy blocked (content-security-policy.ts: `report-uri` and
 * `report-to`): read, counted and kept (CspReportStore), answered 204. Not for clients, so not in the document: its
 * bodies are the browsers' two formats, read by readCspReports (a 400 or 415 for anything else).
 */
@Controller('csp-reports')
export class CspReportsController {
  /** Report requests per client address per minute: a page that breaks sends a few; more is someone filling the store. */
  static readonly perMinute = 30;

  constructor(private readonly store: CspReportStore) {}

  @Post()
  @HttpCode(HttpStatus.NO_CONTENT)
  @Throttle({ default: { limit: CspReportsController.perMinute, ttl: 60_000 } })
  @ApiExcludeEndpoint()
  receive(@Req() request: FastifyRequest, @Headers('content-type') contentType?: string, @Headers('user-agent') userAgent?: string): Promise<void> {
    return this.store.add(readCspReports(contentType, request.body, userAgent));
  }
}
