CREATE INDEX "campaigns_open_idx" ON "campaigns" USING btree ("submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "campaigns"."status" = 'active' and "campaigns"."is_approved" and "campaigns"."submitted_at" is not null;--> statement-breakpoint
CREATE INDEX "hirings_brand_idx" ON "hirings" USING btree ("brand_user_id","status");--> statement-breakpoint
CREATE INDEX "hirings_podcaster_idx" ON "hirings" USING btree ("podcaster_user_id");--> statement-breakpoint
CREATE INDEX "hirings_package_idx" ON "hirings" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "hirings_campaign_idx" ON "hirings" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "transactions_reference_idx" ON "transactions" USING btree ("reference_type","reference_id");