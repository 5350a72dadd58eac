import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Events (synced from EVENTS_FILE at boot) and the affiliate clicks on their ticket links. */
export class Events1763770000000 implements MigrationInterface {
  name = 'Events1763770000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "events" ("id" uuid NOT NULL, "title" character varying(200) NOT NULL, "artist" character varying(200) NOT NULL, "event_date" TIMESTAMP WITH TIME ZONE NOT NULL, "venue" character varying(200) NOT NULL, "location" character varying(200) NOT NULL, "price" numeric(10,2) NOT NULL, "ticket_url" character varying(2048) NOT NULL, "image_url" character varying(2048) NOT NULL, "description" text NOT NULL, "category" character varying(16) NOT NULL, "listed" boolean NOT NULL DEFAULT true, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_events_category" CHECK ("category" IN ('Festival', 'Concert', 'Tribute')), CONSTRAINT "PK_40731c7151fe4be3116e45ddf73" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_events_listed_event_date" ON "events" ("listed", "event_date") `);
    await queryRunner.query(`CREATE TABLE "affiliate_clicks" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "event_id" uuid NOT NULL, "ticket_url" character varying(2048) NOT NULL, "referrer" character varying(2048) NOT NULL, "click_timestamp" TIMESTAMP WITH TIME ZONE NOT NULL, "user_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_15da15bc7ff917601a3372e5af7" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_affiliate_clicks_event_id" ON "affiliate_clicks" ("event_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_affiliate_clicks_user_id" ON "affiliate_clicks" ("user_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_affiliate_clicks_created_at" ON "affiliate_clicks" ("created_at") `);
    await queryRunner.query(`ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "FK_affiliate_clicks_event_id" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "FK_affiliate_clicks_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "affiliate_clicks" DROP CONSTRAINT "FK_affiliate_clicks_user_id"`);
    await queryRunner.query(`ALTER TABLE "affiliate_clicks" DROP CONSTRAINT "FK_affiliate_clicks_event_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_affiliate_clicks_created_at"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_affiliate_clicks_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_affiliate_clicks_event_id"`);
    await queryRunner.query(`DROP TABLE "affiliate_clicks"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_events_listed_event_date"`);
    await queryRunner.query(`DROP TABLE "events"`);
  }
}
