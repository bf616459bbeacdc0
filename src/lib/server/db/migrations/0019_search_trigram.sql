-- Issue 38: the searches (admin users and podcasts, the podcast directory, campaigns, hosted episodes) read
-- trigram indexes for ilike '%term%' instead of the whole table. PGlite loads pg_trgm from its contrib (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "brands_name_trgm" ON "brands" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaigns_title_trgm" ON "campaigns" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaigns_description_trgm" ON "campaigns" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "episodes_title_trgm" ON "episodes" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "podcasts_title_trgm" ON "podcasts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "podcasts_url_trgm" ON "podcasts" USING gin ("url" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);