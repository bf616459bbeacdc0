CREATE TABLE "disputes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "disputes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"package_job_id" integer NOT NULL,
	"deliverable_id" integer NOT NULL,
	"air_check_id" integer,
	"brand_user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"response" text,
	"responded_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" integer,
	"resolution_note" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliverables" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "air_checks" ADD COLUMN "matched_ms" integer;--> statement-breakpoint
ALTER TABLE "air_checks" ADD COLUMN "ad_ms" integer;--> statement-breakpoint
ALTER TABLE "air_checks" ADD COLUMN "score" real;--> statement-breakpoint
ALTER TABLE "air_checks" ADD COLUMN "airings" jsonb;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_package_job_id_package_jobs_id_fk" FOREIGN KEY ("package_job_id") REFERENCES "public"."package_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_deliverable_id_deliverables_id_fk" FOREIGN KEY ("deliverable_id") REFERENCES "public"."deliverables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_air_check_id_air_checks_id_fk" FOREIGN KEY ("air_check_id") REFERENCES "public"."air_checks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_brand_user_id_users_id_fk" FOREIGN KEY ("brand_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_status_idx" ON "disputes" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_open_job_unique" ON "disputes" USING btree ("package_job_id") WHERE "disputes"."status" = 'open';--> statement-breakpoint
-- Hand-written (issue 33): ads approved before approved_at existed were approved when they last changed.
UPDATE "deliverables" SET "approved_at" = "updated_at" WHERE "status" = 'accepted' AND "approved_at" IS NULL;
