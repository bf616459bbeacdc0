CREATE TABLE "air_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "air_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"package_job_id" integer NOT NULL,
	"deliverable_id" integer NOT NULL,
	"episode_id" integer,
	"url" text,
	"source" text DEFAULT 'link' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"offset_ms" integer,
	"votes" integer,
	"ratio" real,
	"error" text,
	"message_id" integer,
	"linked_by" integer,
	"checked_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_watches" (
	"podcast_id" integer PRIMARY KEY NOT NULL,
	"etag" text,
	"last_modified" text,
	"checked_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "air_checks" ADD CONSTRAINT "air_checks_package_job_id_package_jobs_id_fk" FOREIGN KEY ("package_job_id") REFERENCES "public"."package_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "air_checks" ADD CONSTRAINT "air_checks_deliverable_id_deliverables_id_fk" FOREIGN KEY ("deliverable_id") REFERENCES "public"."deliverables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "air_checks" ADD CONSTRAINT "air_checks_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "air_checks" ADD CONSTRAINT "air_checks_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "air_checks" ADD CONSTRAINT "air_checks_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_watches" ADD CONSTRAINT "feed_watches_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "air_checks_job_idx" ON "air_checks" USING btree ("package_job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "air_checks_feed_episode_unique" ON "air_checks" USING btree ("package_job_id","episode_id") WHERE "air_checks"."source" = 'feed';