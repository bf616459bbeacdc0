-- Issue 38: the request log partitioned by day (PostgreSQL declarative partitioning, on PGlite too).
-- The table is rebuilt as a partitioned one with every row kept, ids included (the counter's cursor is
-- an id). Day partitions are created ahead and dropped after the retention period by measurement's
-- log-partitions job; the default partition holds any row no day partition covers yet (the job moves
-- them into their day when it creates it).
CREATE SEQUENCE "public"."media_request_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "media_requests" RENAME TO "media_requests_unpartitioned";--> statement-breakpoint
ALTER TABLE "media_requests_unpartitioned" RENAME CONSTRAINT "media_requests_podcast_id_podcasts_id_fk" TO "media_requests_unpartitioned_podcast_id_fk";--> statement-breakpoint
ALTER INDEX "media_requests_pkey" RENAME TO "media_requests_unpartitioned_pkey";--> statement-breakpoint
CREATE TABLE "media_requests" (
	"id" bigint DEFAULT nextval('media_request_ids') NOT NULL,
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
	"country" text,
	CONSTRAINT "media_requests_id_occurred_at_pk" PRIMARY KEY("id","occurred_at")
) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
CREATE TABLE "media_requests_default" PARTITION OF "media_requests" DEFAULT;--> statement-breakpoint
ALTER TABLE "media_requests" ADD CONSTRAINT "media_requests_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "media_requests" ("id", "occurred_at", "source", "podcast_id", "audio_key", "method", "status", "range", "bytes", "total_bytes", "listener_hash", "listener_prev_hash", "household_hash", "user_agent", "referrer", "country")
	SELECT "id", "occurred_at", "source", "podcast_id", "audio_key", "method", "status", "range", "bytes", "total_bytes", "listener_hash", "listener_prev_hash", "household_hash", "user_agent", "referrer", "country" FROM "media_requests_unpartitioned";--> statement-breakpoint
SELECT setval('media_request_ids', coalesce((SELECT max("id") FROM "media_requests_unpartitioned"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "media_requests_unpartitioned";
