CREATE INDEX "campaigns_brand_created_idx" ON "campaigns" USING btree ("brand_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_visible_created_idx" ON "campaigns" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "campaigns"."status" = 'active' and "campaigns"."is_approved";--> statement-breakpoint
CREATE INDEX "notifications_notifiable_created_idx" ON "notifications" USING btree ("notifiable_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "packages_campaign_created_idx" ON "packages" USING btree ("campaign_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "podcast_manual_stats_podcast_created_idx" ON "podcast_manual_stats" USING btree ("podcast_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_user_created_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_conversations_user_recent_idx" ON "support_conversations" USING btree ("user_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_conversations_latest_idx" ON "support_conversations" USING btree ("last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);