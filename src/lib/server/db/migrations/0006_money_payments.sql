CREATE SEQUENCE "public"."transaction_codes" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100 CACHE 1;--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off" bigint,
	"description" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"times_redeemed" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fund_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"brand_user_id" integer NOT NULL,
	"hiring_ids" jsonb NOT NULL,
	"card_id" integer,
	"coupon_id" integer,
	"subtotal" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"provider_ref" text,
	"transaction_id" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_claims" (
	"hiring_id" integer PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_funds" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"hiring_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"brand_user_id" integer NOT NULL,
	"podcaster_user_id" integer NOT NULL,
	"charge_id" integer NOT NULL,
	"fee" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"destination" text NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"provider_ref" text,
	"transaction_id" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"job_id" integer,
	"charge_id" integer NOT NULL,
	"hiring_id" integer,
	"brand_user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"transaction_id" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_requests_job_id_unique" UNIQUE("job_id")
);
--> statement-breakpoint
CREATE TABLE "test_provider_accounts" (
	"id" text NOT NULL,
	"provider" text NOT NULL,
	"email" text NOT NULL,
	"code" text NOT NULL,
	"code_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_provider_accounts_provider_id_pk" PRIMARY KEY("provider","id"),
	CONSTRAINT "test_provider_accounts_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "test_provider_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"payment_method" text,
	"parent_id" text,
	"destination" text,
	"status" text NOT NULL,
	"idempotency_key" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"behaviour" text NOT NULL,
	"detached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "exp_month" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "exp_year" integer DEFAULT 2099 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "engine" text DEFAULT 'embedded' NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "kind" text DEFAULT 'charge' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "hiring_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_attempts" ADD CONSTRAINT "fund_attempts_brand_user_id_users_id_fk" FOREIGN KEY ("brand_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_attempts" ADD CONSTRAINT "fund_attempts_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_claims" ADD CONSTRAINT "fund_claims_hiring_id_hirings_id_fk" FOREIGN KEY ("hiring_id") REFERENCES "public"."hirings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_claims" ADD CONSTRAINT "fund_claims_attempt_id_fund_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."fund_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_funds" ADD CONSTRAINT "job_funds_job_id_package_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."package_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_funds" ADD CONSTRAINT "job_funds_hiring_id_hirings_id_fk" FOREIGN KEY ("hiring_id") REFERENCES "public"."hirings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_funds" ADD CONSTRAINT "job_funds_charge_id_transactions_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_requests" ADD CONSTRAINT "payout_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_job_id_package_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."package_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_charge_id_transactions_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_unique" ON "idempotency_keys" USING btree ("user_id","scope","key");--> statement-breakpoint
CREATE INDEX "job_funds_hiring_idx" ON "job_funds" USING btree ("hiring_id");--> statement-breakpoint
CREATE INDEX "job_funds_podcaster_idx" ON "job_funds" USING btree ("podcaster_user_id");--> statement-breakpoint
CREATE INDEX "job_funds_campaign_idx" ON "job_funds" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_entries_idempotency_unique" ON "test_provider_entries" USING btree ("kind","idempotency_key");--> statement-breakpoint
CREATE INDEX "test_provider_entries_parent_idx" ON "test_provider_entries" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_hiring_id_hirings_id_fk" FOREIGN KEY ("hiring_id") REFERENCES "public"."hirings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_job_id_package_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."package_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_code_unique" ON "transactions" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_kind_job_unique" ON "transactions" USING btree ("kind","job_id") WHERE "transactions"."job_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_kind_provider_ref_unique" ON "transactions" USING btree ("kind","provider_ref") WHERE "transactions"."provider_ref" is not null;--> statement-breakpoint
CREATE INDEX "transactions_user_idx" ON "transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_campaign_idx" ON "transactions" USING btree ("campaign_id");