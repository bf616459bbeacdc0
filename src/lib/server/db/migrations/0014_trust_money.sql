CREATE TABLE "coupon_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coupon_id" integer NOT NULL,
	"brand_user_id" integer NOT NULL,
	"attempt_id" integer NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_discrepancies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_discrepancies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"provider_ref" text,
	"event_id" text,
	"event_type" text,
	"reconciliation_id" integer,
	"expected" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trigger" text NOT NULL,
	"engine" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"checked" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"differences" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "job_funds" ALTER COLUMN "charge_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_requests" ALTER COLUMN "charge_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_per_brand" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "first_hire_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_brand_user_id_users_id_fk" FOREIGN KEY ("brand_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_attempt_id_fund_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."fund_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_discrepancies" ADD CONSTRAINT "payment_discrepancies_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_attempt_unique" ON "coupon_redemptions" USING btree ("attempt_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_brand_idx" ON "coupon_redemptions" USING btree ("coupon_id","brand_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_discrepancies_event_unique" ON "payment_discrepancies" USING btree ("event_id") WHERE "payment_discrepancies"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_discrepancies_open_idx" ON "payment_discrepancies" USING btree ("resolved_at","created_at");--> statement-breakpoint
CREATE INDEX "payment_discrepancies_reconciliation_idx" ON "payment_discrepancies" USING btree ("reconciliation_id");--> statement-breakpoint
-- Hand-written (trust_money): the uses counted so far become redemption rows (the counter is dropped
-- below; a coupon's uses are its redemptions from now on).
INSERT INTO "coupon_redemptions" ("coupon_id", "brand_user_id", "attempt_id", "status")
SELECT "coupon_id", "brand_user_id", "id", CASE WHEN "status" = 'succeeded' THEN 'redeemed' ELSE 'reserved' END
FROM "fund_attempts" WHERE "coupon_id" IS NOT NULL AND "status" IN ('started', 'succeeded');--> statement-breakpoint
ALTER TABLE "coupons" DROP COLUMN "times_redeemed";