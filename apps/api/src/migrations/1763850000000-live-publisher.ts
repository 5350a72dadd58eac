import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Live streams: which API process's publisher holds a stream while its packaging starts, and until when. */
export class LivePublisher1763850000000 implements MigrationInterface {
  name = 'LivePublisher1763850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "live_streams" ADD "publisher_until" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "live_streams" DROP COLUMN "publisher_until"`);
  }
}
