import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the relays play (tracks and their plays, for search and recommendations), users' playlists, and the realtime
 * socket's single-use tickets (UNLOGGED: a ticket lives 60 s, and a crash only ends the unused ones).
 */
export class Library1763820000000 implements MigrationInterface {
  name = 'Library1763820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "tracks" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "key" character varying(520) NOT NULL, "artist" character varying(200) NOT NULL, "artist_key" character varying(200) NOT NULL, "title" character varying(300) NOT NULL, "album" character varying(200), "duration" integer, "genre" character varying(32), "play_count" integer NOT NULL DEFAULT '0', "first_played_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_played_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_242a37ffc7870380f0e611986e8" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_tracks_key" ON "tracks" ("key") `);
    await queryRunner.query(`CREATE INDEX "IDX_tracks_artist_key" ON "tracks" ("artist_key") `);
    await queryRunner.query(`CREATE TABLE "track_plays" ("id" BIGSERIAL NOT NULL, "track_id" uuid NOT NULL, "station_id" character varying(64) NOT NULL, "played_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6064909e7413d5c9fa008e5c3cb" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_track_plays_track" ON "track_plays" ("track_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_track_plays_station_played_at" ON "track_plays" ("station_id", "played_at") `);
    await queryRunner.query(`CREATE TABLE "playlists" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "description" character varying(500), "search_key" character varying(610) NOT NULL, "is_public" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a4597f4189a75d20507f3f7ef0d" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_playlists_user_created_at" ON "playlists" ("user_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "playlist_items" ("playlist_id" uuid NOT NULL, "position" smallint NOT NULL, "station_id" character varying(64), "track_id" uuid, CONSTRAINT "CHK_playlist_items_one_kind" CHECK (("station_id" IS NULL) <> ("track_id" IS NULL)), CONSTRAINT "PK_716f3a38be60eaa5caaf487f3c8" PRIMARY KEY ("playlist_id", "position"))`);
    await queryRunner.query(`ALTER TABLE "track_plays" ADD CONSTRAINT "FK_track_plays_track_id" FOREIGN KEY ("track_id") REFERENCES "tracks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "track_plays" ADD CONSTRAINT "FK_track_plays_station_id" FOREIGN KEY ("station_id") REFERENCES "stations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "playlists" ADD CONSTRAINT "FK_playlists_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "playlist_items" ADD CONSTRAINT "FK_playlist_items_playlist_id" FOREIGN KEY ("playlist_id") REFERENCES "playlists"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "playlist_items" ADD CONSTRAINT "FK_playlist_items_station_id" FOREIGN KEY ("station_id") REFERENCES "stations"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "playlist_items" ADD CONSTRAINT "FK_playlist_items_track_id" FOREIGN KEY ("track_id") REFERENCES "tracks"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`CREATE UNLOGGED TABLE "realtime_tickets" ("hash" character(64) NOT NULL PRIMARY KEY, "user_id" uuid NOT NULL, "is_anonymous" boolean NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "realtime_tickets"`);
    await queryRunner.query(`ALTER TABLE "playlist_items" DROP CONSTRAINT "FK_playlist_items_track_id"`);
    await queryRunner.query(`ALTER TABLE "playlist_items" DROP CONSTRAINT "FK_playlist_items_station_id"`);
    await queryRunner.query(`ALTER TABLE "playlist_items" DROP CONSTRAINT "FK_playlist_items_playlist_id"`);
    await queryRunner.query(`ALTER TABLE "playlists" DROP CONSTRAINT "FK_playlists_user_id"`);
    await queryRunner.query(`ALTER TABLE "track_plays" DROP CONSTRAINT "FK_track_plays_station_id"`);
    await queryRunner.query(`ALTER TABLE "track_plays" DROP CONSTRAINT "FK_track_plays_track_id"`);
    await queryRunner.query(`DROP TABLE "playlist_items"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_playlists_user_created_at"`);
    await queryRunner.query(`DROP TABLE "playlists"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_track_plays_station_played_at"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_track_plays_track"`);
    await queryRunner.query(`DROP TABLE "track_plays"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_tracks_artist_key"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_tracks_key"`);
    await queryRunner.query(`DROP TABLE "tracks"`);
  }
}
