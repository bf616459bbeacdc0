CREATE TABLE "ad_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"listener_hash" text NOT NULL,
	"episode_id" integer NOT NULL,
	"podcast_id" integer NOT NULL,
	"line_id" integer DEFAULT 0 NOT NULL,
	"slot" text DEFAULT '' NOT NULL,
	"impression_at" timestamp with time zone,
	"billed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_episode_audio" (
	"episode_id" integer PRIMARY KEY NOT NULL,
	"loudness_lufs" real,
	"analysed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"brand_user_id" integer NOT NULL,
	"title" text NOT NULL,
	"ad_category_id" integer,
	"spot_file_id" integer,
	"spot_key" text,
	"spot_duration_ms" integer,
	"spot_status" text DEFAULT 'processing' NOT NULL,
	"spot_error" text,
	"cpm" bigint NOT NULL,
	"budget" bigint NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"targeting" jsonb DEFAULT '{"categories":[],"countries":[],"devices":[]}'::jsonb NOT NULL,
	"frequency_cap" integer DEFAULT 1 NOT NULL,
	"positions" jsonb DEFAULT '["pre","mid"]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_markers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_markers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"episode_id" integer NOT NULL,
	"kind" text NOT NULL,
	"position_ms" integer NOT NULL,
	"source" text DEFAULT 'podcaster' NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_show_settings" (
	"podcast_id" integer PRIMARY KEY NOT NULL,
	"excluded_category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"excluded_updated_at" timestamp with time zone,
	"share_percent" integer DEFAULT 70 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_deliveries" ADD CONSTRAINT "ad_deliveries_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_deliveries" ADD CONSTRAINT "ad_deliveries_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_episode_audio" ADD CONSTRAINT "ad_episode_audio_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_lines" ADD CONSTRAINT "ad_lines_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_lines" ADD CONSTRAINT "ad_lines_brand_user_id_users_id_fk" FOREIGN KEY ("brand_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_lines" ADD CONSTRAINT "ad_lines_ad_category_id_categories_id_fk" FOREIGN KEY ("ad_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_lines" ADD CONSTRAINT "ad_lines_spot_file_id_files_id_fk" FOREIGN KEY ("spot_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_markers" ADD CONSTRAINT "ad_markers_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_show_settings" ADD CONSTRAINT "ad_show_settings_podcast_id_podcasts_id_fk" FOREIGN KEY ("podcast_id") REFERENCES "public"."podcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_deliveries_unique" ON "ad_deliveries" USING btree ("day","listener_hash","episode_id","line_id","slot");--> statement-breakpoint
CREATE INDEX "ad_deliveries_line_idx" ON "ad_deliveries" USING btree ("line_id","day");--> statement-breakpoint
CREATE INDEX "ad_deliveries_pending_idx" ON "ad_deliveries" USING btree ("episode_id") WHERE "ad_deliveries"."impression_at" is null and "ad_deliveries"."line_id" <> 0;--> statement-breakpoint
CREATE INDEX "ad_lines_campaign_idx" ON "ad_lines" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "ad_markers_episode_idx" ON "ad_markers" USING btree ("episode_id");