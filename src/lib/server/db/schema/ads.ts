/**
 * Automated ads' own tables (written by the ads domain only, src/lib/server/ads).
 *
 * ad_markers: where an episode may carry ads: the pre-roll (position 0, before the content) and up to 4
 * mid-rolls, in ms of the uploaded audio. `source` says who placed it: the podcaster, or a silence found
 * by ffmpeg silencedetect (`suggested`, not used until the podcaster confirms it).
 *
 * ad_lines: a brand's automated line on a campaign: the spot (an uploaded file, loudness-normalised and
 * encoded once per episode profile under ads/spots/{line}/…), CPM price, budget (integer cents), dates,
 * targeting and a frequency cap per listener per day.
 *
 * ad_show_settings: a hosted show's ad categories excluded and its podcaster's share of ad revenue.
 *
 * ad_deliveries: the fill a listener got for an episode on a day (one row per line inserted), kept so
 * every byte range of that day describes one file; `impression_at` is set when measurement counted that
 * listener's download of the episode (an impression), `billed` once payments billed it.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns, categories, episodes, files, podcasts, users } from './core';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });
const cents = () => bigint({ mode: 'number' });

export const adMarkers = pgTable(
  'ad_markers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    episode_id: integer()
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    kind: text().$type<'pre' | 'mid'>().notNull(),
    position_ms: integer().notNull(),
    source: text().$type<'podcaster' | 'suggested'>().notNull().default('podcaster'),
    confirmed: boolean().notNull().default(false),
    created_at: ts().defaultNow().notNull(),
  },
  (t) => [index('ad_markers_episode_idx').on(t.episode_id)],
);

export type AdTargeting = {
  categories: number[];
  countries: string[];
  devices: string[];
  /** Only these shows (a host-read ad inserted into its own show's back catalogue). */
  podcasts?: number[];
  /** Only episodes published before this day (the back catalogue). */
  published_before?: string | null;
};

export const adLines = pgTable(
  'ad_lines',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    brand_user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    /** The ad category of the spot (a show may exclude it); the brand's category by default. */
    ad_category_id: integer().references(() => categories.id, { onDelete: 'set null' }),
    spot_file_id: integer().references(() => files.id, { onDelete: 'set null' }),
    /** Storage key of the loudness-normalised master (WAV) the per-profile MP3s are made from. */
    spot_key: text(),
    spot_duration_ms: integer(),
    spot_status: text().$type<'processing' | 'ready' | 'refused'>().notNull().default('processing'),
    spot_error: text(),
    cpm: cents().notNull(),
    budget: cents().notNull(),
    starts_on: date({ mode: 'string' }).notNull(),
    ends_on: date({ mode: 'string' }).notNull(),
    targeting: jsonb().$type<AdTargeting>().notNull().default({ categories: [], countries: [], devices: [] }),
    frequency_cap: integer().notNull().default(1),
    positions: jsonb().$type<Array<'pre' | 'mid'>>().notNull().default(['pre', 'mid']),
    status: text().$type<'active' | 'paused'>().notNull().default('active'),
    created_at: ts().defaultNow().notNull(),
    updated_at: ts()
      .defaultNow()
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('ad_lines_campaign_idx').on(t.campaign_id)],
);

export const adShowSettings = pgTable('ad_show_settings', {
  podcast_id: integer()
    .primaryKey()
    .references(() => podcasts.id, { onDelete: 'cascade' }),
  excluded_category_ids: jsonb().$type<number[]>().notNull().default([]),
  excluded_updated_at: ts(),
  share_percent: integer().notNull().default(70),
  updated_at: ts().defaultNow().notNull(),
});

export const adDeliveries = pgTable(
  'ad_deliveries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    day: date({ mode: 'string' }).notNull(),
    listener_hash: text().notNull(),
    episode_id: integer()
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    podcast_id: integer()
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    /** 0 when the listener got no fill (kept, so their later ranges stay unfilled too). */
    line_id: integer().notNull().default(0),
    slot: text().notNull().default(''),
    impression_at: ts(),
    billed: boolean().notNull().default(false),
    created_at: ts().defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('ad_deliveries_unique').on(t.day, t.listener_hash, t.episode_id, t.line_id, t.slot),
    index('ad_deliveries_line_idx').on(t.line_id, t.day),
    index('ad_deliveries_pending_idx').on(t.episode_id).where(sql`${t.impression_at} is null and ${t.line_id} <> 0`),
  ],
);

/** What the ads domain measured of an episode's audio (once per upload): its integrated loudness, which spots are matched to. */
export const adEpisodeAudio = pgTable('ad_episode_audio', {
  episode_id: integer()
    .primaryKey()
    .references(() => episodes.id, { onDelete: 'cascade' }),
  /** Integrated loudness, LUFS (EBU R128), or null when it could not be measured. */
  loudness_lufs: real(),
  analysed_at: ts().defaultNow().notNull(),
});
