import { Module } from '@nestjs/common';
import { CspReportsController } from './csp-reports.controller';
import { CspReportStore } from './csp-reports';

/** The Content-Security-Policy's report endpoint (docs/architecture.md, "Content-Security-Policy"). */
@Module({ controllers: [CspReportsController], providers: [CspReportStore], exports: [CspReportStore] })
export class CspReportsModule {}
