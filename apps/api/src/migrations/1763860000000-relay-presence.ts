import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The radio relays' shared state between API processes: each process's listeners and title per station, and the last
 * title announced per station. UNLOGGED: written every few seconds, worthless after a crash of the server (the
 * processes write it again within 10 s), so it skips the WAL.
 */
export class RelayPresence1763860000000 implements MigrationInterface {
  name = 'RelayPresence1763860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE UNLOGGED TABLE "relay_presence" ("instance_id" uuid NOT NULL, "station_id" character varying(64) NOT NULL, "listeners" integer NOT NULL DEFAULT '0', "artist" text, "title" text, "title_at" TIMESTAMP WITH TIME ZONE, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_relay_presence" PRIMARY KEY ("instance_id", "station_id"))`);
    await queryRunner.query(`CREATE UNLOGGED TABLE "relay_titles" ("station_id" character varying(64) NOT NULL, "artist" text, "title" text NOT NULL, "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_relay_titles" PRIMARY KEY ("station_id"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "relay_titles"`);
    await queryRunner.query(`DROP TABLE "relay_presence"`);
  }
}
