CREATE TABLE "hosted_feed_states" (
	"hosted_podcast_id" integer PRIMARY KEY NOT NULL,
	"etag" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcast_verification_codes" (
	"podcast_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "episode_type" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "episodes" ADD COLUMN "podcast_tags" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "hosted_feed_states" ADD CONSTRAINT "hosted_feed_states_hosted_podcast_id_hosted_podcasts_id_fk" FOREIGN KEY ("hosted_podcast_id") REFERENCES "public"."hosted_podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "podcast_verification_codes" ADD CONSTRAINT "podcast_verification_codes_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;