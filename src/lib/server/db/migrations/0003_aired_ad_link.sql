ALTER TABLE "package_jobs" ADD COLUMN "aired_episode_id" integer;--> statement-breakpoint
ALTER TABLE "package_jobs" ADD COLUMN "aired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "package_jobs" ADD COLUMN "ad_offset_ms" integer;--> statement-breakpoint
ALTER TABLE "package_jobs" ADD CONSTRAINT "package_jobs_aired_episode_id_episodes_id_fk" FOREIGN KEY ("aired_episode_id") REFERENCES "public"."episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_jobs_aired_episode_idx" ON "package_jobs" USING btree ("aired_episode_id");