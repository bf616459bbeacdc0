CREATE TABLE "migration_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "migration_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hosted_podcast_id" integer NOT NULL,
	"episode_id" integer,
	"kind" text NOT NULL,
	"source_url" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"stored_url" text,
	"size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "migration_files" ADD CONSTRAINT "migration_files_hosted_podcast_id_hosted_podcasts_id_fk" FOREIGN KEY ("hosted_podcast_id") REFERENCES "public"."hosted_podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_files" ADD CONSTRAINT "migration_files_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "migration_files_source_unique" ON "migration_files" USING btree ("hosted_podcast_id","kind","source_url");--> statement-breakpoint
CREATE INDEX "migration_files_episode_idx" ON "migration_files" USING btree ("episode_id");