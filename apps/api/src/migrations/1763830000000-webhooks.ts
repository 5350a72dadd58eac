import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Outgoing webhooks (Standard Webhooks): endpoints, the messages sent, each message's delivery to an endpoint, and its attempts. */
export class Webhooks1763830000000 implements MigrationInterface {
  name = 'Webhooks1763830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "webhook_endpoints" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "url" character varying(2048) NOT NULL, "events" character varying(32) array NOT NULL, "secret_enc" text NOT NULL, "previous_secret_enc" text, "previous_secret_until" TIMESTAMP WITH TIME ZONE, "status" character varying(16) NOT NULL DEFAULT 'active', "disabled_reason" character varying(40), "failing_since" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_webhook_endpoints_status" CHECK ("status" IN ('active', 'disabled')), CONSTRAINT "PK_054c4cfb95223732f5939d2d546" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_endpoints_user" ON "webhook_endpoints" ("user_id") `);
    await queryRunner.query(`CREATE TABLE "webhook_messages" ("id" character varying(40) NOT NULL, "type" character varying(40) NOT NULL, "payload" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_526e8e1655924920adc4cd30dcd" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_messages_created_at" ON "webhook_messages" ("created_at") `);
    await queryRunner.query(`CREATE TABLE "webhook_deliveries" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "endpoint_id" uuid NOT NULL, "message_id" character varying(40) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'pending', "attempts" smallint NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_webhook_deliveries_status" CHECK ("status" IN ('pending', 'succeeded', 'failed')), CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_webhook_deliveries_endpoint_message" ON "webhook_deliveries" ("endpoint_id", "message_id") `);
    await queryRunner.query(`CREATE TABLE "webhook_attempts" ("id" BIGSERIAL NOT NULL, "delivery_id" uuid NOT NULL, "endpoint_id" uuid NOT NULL, "n" smallint NOT NULL, "status_code" integer, "duration_ms" integer NOT NULL, "error" character varying(200), "response_head" character varying(1024), "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2de7e7887ad97de459adab62638" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_attempts_endpoint_at" ON "webhook_attempts" ("endpoint_id", "at") `);
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "FK_webhook_endpoints_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_webhook_deliveries_endpoint_id" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "FK_webhook_deliveries_message_id" FOREIGN KEY ("message_id") REFERENCES "webhook_messages"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "webhook_attempts" ADD CONSTRAINT "FK_webhook_attempts_delivery_id" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_attempts" DROP CONSTRAINT "FK_webhook_attempts_delivery_id"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_webhook_deliveries_message_id"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "FK_webhook_deliveries_endpoint_id"`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "FK_webhook_endpoints_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_webhook_attempts_endpoint_at"`);
    await queryRunner.query(`DROP TABLE "webhook_attempts"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_webhook_deliveries_endpoint_message"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_webhook_messages_created_at"`);
    await queryRunner.query(`DROP TABLE "webhook_messages"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_webhook_endpoints_user"`);
    await queryRunner.query(`DROP TABLE "webhook_endpoints"`);
  }
}
