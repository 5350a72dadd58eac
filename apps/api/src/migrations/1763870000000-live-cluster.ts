import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Live streams on several API processes: the journal of each stream's segments and the time of its last one move from
 * the packaging process's disk into the database, and browser transcodes and viewers are counted over every process.
 */
export class LiveCluster1763870000000 implements MigrationInterface {
  name = 'LiveCluster1763870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "live_streams" ADD "last_segment_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "live_streams" ADD "transcoding" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `CREATE TABLE "live_segments" ("stream_id" uuid NOT NULL, "sequence" integer NOT NULL, "uri" character varying(16) NOT NULL, "duration" real NOT NULL, CONSTRAINT "PK_live_segments" PRIMARY KEY ("stream_id", "sequence"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "live_segments" ADD CONSTRAINT "FK_live_segments_stream_id" FOREIGN KEY ("stream_id") REFERENCES "live_streams"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TABLE "live_viewers" ("stream_id" uuid NOT NULL, "viewer_key" character varying(32) NOT NULL, "seen_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_live_viewers" PRIMARY KEY ("stream_id", "viewer_key"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_live_viewers_seen_at" ON "live_viewers" ("seen_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "live_viewers"`);
    await queryRunner.query(`DROP TABLE "live_segments"`);
    await queryRunner.query(`ALTER TABLE "live_streams" DROP COLUMN "transcoding"`);
    await queryRunner.query(`ALTER TABLE "live_streams" DROP COLUMN "last_segment_at"`);
  }
}
