CREATE TABLE "feed_enclosures" (
	"podcast_id" integer NOT NULL,
	"audio_key" text NOT NULL,
	"episode_id" integer,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_enclosures_podcast_id_audio_key_pk" PRIMARY KEY("podcast_id","audio_key")
);
--> statement-breakpoint
ALTER TABLE "feed_enclosures" ADD CONSTRAINT "feed_enclosures_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_enclosures" ADD CONSTRAINT "feed_enclosures_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (trust_figures): downloads are now counted only for enclosures of a show's feed. What the
-- counter derived under the old rule (any address through the prefix counted, as "episode 0") is
-- dropped and the counter recounts the whole request log on its next run; the measured listener stats
-- are made again from the new counts on that run (self-reported ones are kept).
DELETE FROM "download_windows";--> statement-breakpoint
DELETE FROM "download_days";--> statement-breakpoint
DELETE FROM "listener_days";--> statement-breakpoint
DELETE FROM "listener_stats" WHERE "is_self_reported" = false;--> statement-breakpoint
UPDATE "analytics_state" SET "cursor" = 0 WHERE "name" = 'counter';
