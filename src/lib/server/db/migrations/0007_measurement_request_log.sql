CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_state" (
	"name" text PRIMARY KEY NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "download_days" (
	"podcast_id" integer NOT NULL,
	"episode_id" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"app" text NOT NULL,
	"device" text NOT NULL,
	"os" text NOT NULL,
	"country" text NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "download_days_podcast_id_episode_id_day_app_device_os_country_pk" PRIMARY KEY("podcast_id","episode_id","day","app","device","os","country")
);
--> statement-breakpoint
CREATE TABLE "download_windows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "download_windows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"podcast_id" integer NOT NULL,
	"episode_id" integer,
	"target" text NOT NULL,
	"listener_hash" text NOT NULL,
	"household_hash" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"threshold" bigint NOT NULL,
	"counted_at" timestamp with time zone,
	"day" date,
	"source" text NOT NULL,
	"app" text NOT NULL,
	"device" text NOT NULL,
	"os" text NOT NULL,
	"country" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listener_days" (
	"podcast_id" integer NOT NULL,
	"day" date NOT NULL,
	"listeners" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listener_days_podcast_id_day_pk" PRIMARY KEY("podcast_id","day")
);
--> statement-breakpoint
CREATE TABLE "media_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"podcast_id" integer NOT NULL,
	"audio_key" text NOT NULL,
	"method" text NOT NULL,
	"status" integer NOT NULL,
	"range" text,
	"bytes" bigint,
	"total_bytes" bigint,
	"listener_hash" text NOT NULL,
	"listener_prev_hash" text NOT NULL,
	"household_hash" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"referrer" text,
	"country" text
);
--> statement-breakpoint
CREATE TABLE "site_visits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"visitor_hash" text NOT NULL,
	"household_keys" jsonb,
	"os" text DEFAULT '' NOT NULL,
	"browser" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"matched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "visit_matches" (
	"visit_id" bigint NOT NULL,
	"campaign_id" integer NOT NULL,
	"podcast_id" integer,
	"episode_id" integer,
	"day" date NOT NULL,
	CONSTRAINT "visit_matches_visit_id_campaign_id_pk" PRIMARY KEY("visit_id","campaign_id")
);
--> statement-breakpoint
ALTER TABLE "listener_stats" ADD COLUMN "package_job_id" integer;--> statement-breakpoint
ALTER TABLE "listener_stats" ADD COLUMN "episode_id" integer;--> statement-breakpoint
ALTER TABLE "listener_stats" ADD COLUMN "is_self_reported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "download_days" ADD CONSTRAINT "download_days_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_windows" ADD CONSTRAINT "download_windows_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_windows" ADD CONSTRAINT "download_windows_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listener_days" ADD CONSTRAINT "listener_days_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_requests" ADD CONSTRAINT "media_requests_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_visits" ADD CONSTRAINT "site_visits_site_id_attribution_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."attribution_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_visits" ADD CONSTRAINT "site_visits_event_id_site_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."site_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_matches" ADD CONSTRAINT "visit_matches_visit_id_site_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."site_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_matches" ADD CONSTRAINT "visit_matches_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_matches" ADD CONSTRAINT "visit_matches_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_matches" ADD CONSTRAINT "visit_matches_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_days_episode_idx" ON "download_days" USING btree ("episode_id","day");--> statement-breakpoint
CREATE INDEX "download_windows_listener_idx" ON "download_windows" USING btree ("listener_hash","started_at");--> statement-breakpoint
CREATE INDEX "download_windows_household_idx" ON "download_windows" USING btree ("household_hash","counted_at") WHERE "download_windows"."counted_at" is not null;--> statement-breakpoint
CREATE INDEX "site_visits_site_idx" ON "site_visits" USING btree ("site_id","occurred_at");--> statement-breakpoint
CREATE INDEX "site_visits_visitor_idx" ON "site_visits" USING btree ("visitor_hash","occurred_at");--> statement-breakpoint
CREATE INDEX "visit_matches_campaign_idx" ON "visit_matches" USING btree ("campaign_id","day");--> statement-breakpoint
ALTER TABLE "listener_stats" ADD CONSTRAINT "listener_stats_package_job_id_package_jobs_id_fk" FOREIGN KEY ("package_job_id") REFERENCES "public"."package_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listener_stats" ADD CONSTRAINT "listener_stats_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_connections_podcast_type_unique" ON "analytics_connections" USING btree ("podcast_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "attribution_sites_pid_unique" ON "attribution_sites" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "site_events_site_slug_idx" ON "site_events" USING btree ("site_id","slug");--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "visitors";--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "listens";--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "hits";--> statement-breakpoint
ALTER TABLE "listener_stats" ADD CONSTRAINT "listener_stats_package_job_id_unique" UNIQUE("package_job_id");