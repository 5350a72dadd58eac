import type { MigrationInterface, QueryRunner } from 'typeorm';
import { AdvisoryLock } from '../repositories/locks';

/** Radio: the station catalogue, likes, and the weekly top with the function that recalculates it. */
export class Radio1763750000000 implements MigrationInterface {
  name = 'Radio1763750000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "stations" ("id" character varying(64) NOT NULL, "name" character varying(128) NOT NULL, "country" character(2) NOT NULL, "genres" character varying(32) array NOT NULL, "stream_url" character varying(1024) NOT NULL, "homepage" character varying(512), "description" text, "gradient" character varying(256), "logo_url" character varying(1024), "featured" boolean NOT NULL DEFAULT false, "codec" character varying(8), "program" jsonb, "position" integer NOT NULL DEFAULT '0', "active" boolean NOT NULL DEFAULT true, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f047974bd453c85b08bab349367" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "station_likes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "station_id" character varying(64) NOT NULL, "user_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_621df0477525c884662378e2bd0" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_station_likes_user_id" ON "station_likes" ("user_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_station_likes_created_at" ON "station_likes" ("created_at")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_station_likes_station_user" ON "station_likes" ("station_id", "user_id")`);
    await queryRunner.query(`CREATE TABLE "weekly_top_stations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "week_start" date NOT NULL, "week_end" date NOT NULL, "station_id" character varying(64) NOT NULL, "total_likes" integer NOT NULL, "is_featured" boolean NOT NULL, "calculated_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_363765971fbd4581cd7fbcce341" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_weekly_top_stations_week_station" ON "weekly_top_stations" ("week_start", "station_id")`);
    await queryRunner.query(`ALTER TABLE "station_likes" ADD CONSTRAINT "FK_station_likes_station_id" FOREIGN KEY ("station_id") REFERENCES "stations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "station_likes" ADD CONSTRAINT "FK_station_likes_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "weekly_top_stations" ADD CONSTRAINT "FK_weekly_top_stations_station_id" FOREIGN KEY ("station_id") REFERENCES "stations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION calculate_weekly_radio_stats() RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  -- The week runs Monday 00:00 to Sunday 24:00 in Warsaw, whatever the server's time zone.
  this_monday date := date_trunc('week', now() AT TIME ZONE 'Europe/Warsaw')::date;
  starts_at timestamptz := this_monday::timestamp AT TIME ZONE 'Europe/Warsaw';
  ends_at timestamptz := (this_monday + 7)::timestamp AT TIME ZONE 'Europe/Warsaw';
BEGIN
  -- One run at a time, so two overlapping runs cannot interleave their delete and insert.
  PERFORM pg_advisory_xact_lock(${AdvisoryLock.weeklyStatsRun});
  DELETE FROM weekly_top_stations w WHERE w.week_start = this_monday;
  INSERT INTO weekly_top_stations (week_start, week_end, station_id, total_likes, is_featured, calculated_at)
  SELECT this_monday, this_monday + 6, s.id, count(*), s.featured, now()
  FROM station_likes l JOIN stations s ON s.id = l.station_id
  WHERE l.created_at >= starts_at AND l.created_at < ends_at AND s.active
  GROUP BY s.id, s.featured;
END
$fn$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION calculate_weekly_radio_stats()`);
    await queryRunner.query(`ALTER TABLE "weekly_top_stations" DROP CONSTRAINT "FK_weekly_top_stations_station_id"`);
    await queryRunner.query(`ALTER TABLE "station_likes" DROP CONSTRAINT "FK_station_likes_user_id"`);
    await queryRunner.query(`ALTER TABLE "station_likes" DROP CONSTRAINT "FK_station_likes_station_id"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_weekly_top_stations_week_station"`);
    await queryRunner.query(`DROP TABLE "weekly_top_stations"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_station_likes_station_user"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_station_likes_created_at"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_station_likes_user_id"`);
    await queryRunner.query(`DROP TABLE "station_likes"`);
    await queryRunner.query(`DROP TABLE "stations"`);
  }
}
