import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A station's lossless stream (docs/radio-catalogue.md, `lossless`), which plans with lossless audio (Ultra) hear. */
export class LosslessStreams1764600000000 implements MigrationInterface {
  name = 'LosslessStreams1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stations" ADD "lossless_stream_url" character varying(1024)`);
    await queryRunner.query(`ALTER TABLE "stations" ADD "lossless_codec" character varying(8)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stations" DROP COLUMN "lossless_codec"`);
    await queryRunner.query(`ALTER TABLE "stations" DROP COLUMN "lossless_stream_url"`);
  }
}
