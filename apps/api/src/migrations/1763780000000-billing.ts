import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Billing: each account's Stripe customer, its subscriptions as Stripe last said, the events taken on, operators' plan grants. */
export class Billing1763780000000 implements MigrationInterface {
  name = 'Billing1763780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "billing_customers" ("user_id" uuid NOT NULL, "stripe_customer_id" character varying(255), "trial_used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9247f7fb18111a77f9d5ff06b99" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_billing_customers_stripe_customer_id" ON "billing_customers" ("stripe_customer_id")`);
    await queryRunner.query(`CREATE TABLE "billing_subscriptions" ("id" character varying(255) NOT NULL, "user_id" uuid NOT NULL, "stripe_customer_id" character varying(255) NOT NULL, "plan" character varying(16) NOT NULL, "price_id" character varying(255) NOT NULL, "status" character varying(32) NOT NULL, "cancel_at_period_end" boolean NOT NULL DEFAULT false, "current_period_end" TIMESTAMP WITH TIME ZONE, "trial_end" TIMESTAMP WITH TIME ZONE, "ended_at" TIMESTAMP WITH TIME ZONE, "synced_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "CHK_billing_subscriptions_plan" CHECK ("plan" IN ('premium', 'ultra')), CONSTRAINT "PK_da12bd094f95ed1a9ad21b0b2df" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_billing_subscriptions_user_id" ON "billing_subscriptions" ("user_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_billing_subscriptions_stripe_customer_id" ON "billing_subscriptions" ("stripe_customer_id")`);
    await queryRunner.query(`CREATE TABLE "plan_grants" ("user_id" uuid NOT NULL, "plan" character varying(16) NOT NULL, "until" TIMESTAMP WITH TIME ZONE, "granted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_plan_grants_plan" CHECK ("plan" IN ('premium', 'ultra')), CONSTRAINT "PK_3830dfe19c209f57cf0d9af8a5b" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`CREATE TABLE "stripe_events" ("id" character varying(255) NOT NULL, "type" character varying(128) NOT NULL, "event_created" TIMESTAMP WITH TIME ZONE NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "status" character varying(16) NOT NULL, "attempts" integer NOT NULL DEFAULT '1', "lease_until" TIMESTAMP WITH TIME ZONE, "last_error" text, CONSTRAINT "CHK_stripe_events_status" CHECK ("status" IN ('processing', 'processed', 'failed')), CONSTRAINT "PK_d3247bd5fc3f66b6982bbcdd897" PRIMARY KEY ("id"))`);
    await queryRunner.query(`ALTER TABLE "billing_customers" ADD CONSTRAINT "FK_billing_customers_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "FK_billing_subscriptions_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_grants" ADD CONSTRAINT "FK_plan_grants_user_id" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "plan_grants" DROP CONSTRAINT "FK_plan_grants_user_id"`);
    await queryRunner.query(`ALTER TABLE "billing_subscriptions" DROP CONSTRAINT "FK_billing_subscriptions_user_id"`);
    await queryRunner.query(`ALTER TABLE "billing_customers" DROP CONSTRAINT "FK_billing_customers_user_id"`);
    await queryRunner.query(`DROP TABLE "stripe_events"`);
    await queryRunner.query(`DROP TABLE "plan_grants"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_billing_subscriptions_stripe_customer_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_billing_subscriptions_user_id"`);
    await queryRunner.query(`DROP TABLE "billing_subscriptions"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_billing_customers_stripe_customer_id"`);
    await queryRunner.query(`DROP TABLE "billing_customers"`);
  }
}
