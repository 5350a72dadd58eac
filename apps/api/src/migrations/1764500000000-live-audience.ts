import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Ultra-only streams (docs/live.md, "Ultra-only streams"): who may watch a stream, everyone unless its owner says Ultra. */
export class LiveAudience1764500000000 implements MigrationInterface {
  name = 'LiveAudience1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "live_streams" ADD "audience" character varying(8) NOT NULL DEFAULT 'everyone'`);
    await queryRunner.query(`ALTER TABLE "live_streams" ADD CONSTRAINT "CHK_live_streams_audience" CHECK ("audience" IN ('everyone', 'ultra'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "live_streams" DROP CONSTRAINT "CHK_live_streams_audience"`);
    await queryRunner.query(`ALTER TABLE "live_streams" DROP COLUMN "audience"`);
  }
}
