import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A publisher whose connection dropped may come back within LIVE_RECONNECT_SECONDS, to any API process, and continue
 * the same stream (docs/live.md, "Reconnecting"): when it dropped, for whichever process takes it back or ends the
 * stream when it does not come; and in the journal, the segments after which a part follows a reconnect.
 */
export class LiveReconnect1764730000000 implements MigrationInterface {
  name = 'LiveReconnect1764730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "live_streams" ADD "disconnected_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "live_segments" ADD "discontinuity" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "live_segments" DROP COLUMN "discontinuity"`);
    await queryRunner.query(`ALTER TABLE "live_streams" DROP COLUMN "disconnected_at"`);
  }
}
