import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalogue's plan and stream quality per station (docs/radio-catalogue.md): who may play it (basic, the default, or
 * premium), the standard stream's bitrate, an optional higher-quality stream, and where the entry was corroborated.
 */
export class StationPlans1764300000000 implements MigrationInterface {
  name = 'StationPlans1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stations" ADD "bitrate" integer`);
    await queryRunner.query(`ALTER TABLE "stations" ADD "hq_stream_url" character varying(1024)`);
    await queryRunner.query(`ALTER TABLE "stations" ADD "hq_bitrate" integer`);
    await queryRunner.query(`ALTER TABLE "stations" ADD "hq_codec" character varying(8)`);
    await queryRunner.query(`ALTER TABLE "stations" ADD "plan" character varying(16) NOT NULL DEFAULT 'basic'`);
    await queryRunner.query(`ALTER TABLE "stations" ADD "source" character varying(512)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stations" DROP COLUMN "source"`);
    await queryRunner.query(`ALTER TABLE "stations" DROP COLUMN "plan"`);
    await queryRunner.query(`ALTER TABLE "stations" DROP COLUMN "hq_codec"`);
    await queryRunner.query(`ALTER TABLE "stations" DROP COLUMN "hq_bitrate"`);
    await queryRunner.query(`ALTER TABLE "stations" DROP COLUMN "hq_stream_url"`);
    await queryRunner.query(`ALTER TABLE "stations" DROP COLUMN "bitrate"`);
  }
}
