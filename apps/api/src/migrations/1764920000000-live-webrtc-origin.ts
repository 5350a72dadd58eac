import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A stream's WebRTC media is in one API process's engine (the one its publisher reached): that process's internal URL,
 * so a viewer's WHEP, or a session's PATCH or DELETE, that lands on another replica is forwarded to it (docs/live.md,
 * "Several replicas").
 */
export class LiveWebRtcOrigin1764920000000 implements MigrationInterface {
  name = 'LiveWebRtcOrigin1764920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "live_streams" ADD "webrtc_origin" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "live_streams" DROP COLUMN "webrtc_origin"`);
  }
}
