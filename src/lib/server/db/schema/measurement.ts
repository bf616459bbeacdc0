/**
 * Measurement's own tables (written by the analytics and attribution domains only).
 *
 * media_requests is THE request log: every request for hosted audio and every request through the
 * measurement prefix, with hashes instead of addresses. download_windows and download_days are derived
 * from it by the counter and can be rebuilt from it; site_visits and visit_matches are the attribution
 * pixel's events and what the matcher attributed them to.
 */
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { attributionSites, campaigns, episodes, podcasts, siteEvents } from './core';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });
const bigId = () => bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** One random secret per UTC day: the day's hashes are keyed with it, and it is deleted after 31 days. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date({ mode: 'string' }).primaryKey(),
  secret: text().notNull(),
  created_at: ts().defaultNow().notNull(),
});

/** The request log's ids (a sequence of its own: a partitioned table cannot have an identity column on PostgreSQL 15). */
export const mediaRequestIds = pgSequence('media_request_ids');

/**
 * A request for podcast audio, hosted (/media/…) or through the prefix (/e/…). No address is stored.
 *
 * Partitioned by day on occurred_at (migration 0018; drizzle-kit does not model partitions): one
 * partition per UTC day, media_requests_YYYYMMDD, created ahead and dropped after the retention period by
 * measurement's log-partitions job, and a default partition for rows no day partition holds yet.
 */
export const mediaRequests = pgTable(
  'media_requests',
  {
    id: bigint({ mode: 'number' }).notNull().default(sql`nextval('media_request_ids')`),
    occurred_at: ts().notNull(),
    source: text().$type<'hosted' | 'prefix'>().notNull(),
    podcast_id: integer()
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    /** The audio asked for: host and path of the original URL (prefix), or /media/{hash}/{name} (hosted). */
    audio_key: text().notNull(),
    method: text().notNull(),
    status: integer().notNull(),
    /** The Range header as sent (first 100 characters). */
    range: text(),
    /** Bytes in the answer (hosted); null through the prefix, whose answer is a redirect. */
    bytes: bigint({ mode: 'number' }),
    /** The size of the file when the answer says it (hosted). */
    total_bytes: bigint({ mode: 'number' }),
    /** Keyed hash of address + User-Agent with the day's secret; the previous day's one links a rolling 24 hours. */
    listener_hash: text().notNull(),
    listener_prev_hash: text().notNull(),
    /** Keyed hash of the address alone (the household), for attribution. */
    household_hash: text().notNull(),
    user_agent: text().notNull().default(''),
    referrer: text(),
    country: text(),
  },
  (t) => [primaryKey({ columns: [t.id, t.occurred_at] })],
);

/**
 * One listener (address + User-Agent) and one episode for 24 hours from their first qualifying request:
 * the bytes asked for add up, and the window is a download (counted_at) once they cover a minute of audio.
 */
export const downloadWindows = pgTable(
  'download_windows',
  {
    id: bigId(),
    podcast_id: integer()
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    episode_id: integer().references(() => episodes.id, { onDelete: 'set null' }),
    /**
     * e:{episode id}, or u:{audio key} for audio that is not (yet) an enclosure of the show's feed: such a
     * window is never a download of the show (no download_days, no listener_days) unless a later read of
     * the feed names that address, which credits it to its episode (feed-enclosures.ts).
     */
    target: text().notNull(),
    listener_hash: text().notNull(),
    household_hash: text().notNull(),
    started_at: ts().notNull(),
    bytes: bigint({ mode: 'number' }).notNull().default(0),
    threshold: bigint({ mode: 'number' }).notNull(),
    counted_at: ts(),
    /** The UTC day of counted_at (the day the download is reported on). */
    day: date({ mode: 'string' }),
    source: text().notNull(),
    app: text().notNull(),
    device: text().notNull(),
    os: text().notNull(),
    country: text().notNull().default(''),
  },
  (t) => [
    index('download_windows_listener_idx').on(t.listener_hash, t.started_at),
    // Attribution looks up a household's downloads; windows that never became one are not indexed.
    index('download_windows_household_idx').on(t.household_hash, t.counted_at).where(sql`${t.counted_at} is not null`),
  ],
);

/** Listeners per show and day (an address + User-Agent with at least one download that day). */
export const listenerDays = pgTable(
  'listener_days',
  {
    podcast_id: integer()
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    listeners: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.podcast_id, t.day] })],
);

/** Downloads per episode and day, by app, device, OS and country (only enclosures of the show's feed are downloads). */
export const downloadDays = pgTable(
  'download_days',
  {
    podcast_id: integer()
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    episode_id: integer().notNull().default(0),
    day: date({ mode: 'string' }).notNull(),
    app: text().notNull(),
    device: text().notNull(),
    os: text().notNull(),
    country: text().notNull(),
    downloads: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.podcast_id, t.episode_id, t.day, t.app, t.device, t.os, t.country] }),
    index('download_days_episode_idx').on(t.episode_id, t.day),
  ],
);

/**
 * The enclosure addresses a show's feed has named (its history): each audio key (audioKey of the
 * enclosure URL, prefixes peeled) with the episode it belongs to and when a read of the feed last named
 * it. A download through the prefix counts only for an address the feed names now or named within the
 * last ENCLOSURE_HISTORY_DAYS (analytics/feed-enclosures.ts), or that an episode has.
 */
export const feedEnclosures = pgTable(
  'feed_enclosures',
  {
    podcast_id: integer()
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    audio_key: text().notNull(),
    episode_id: integer().references(() => episodes.id, { onDelete: 'cascade' }),
    first_seen_at: ts().defaultNow().notNull(),
    last_seen_at: ts().defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.podcast_id, t.audio_key] })],
);

/** Where a background process stands (the counter's last log id). */
export const analyticsState = pgTable('analytics_state', {
  name: text().primaryKey(),
  cursor: bigint({ mode: 'number' }).notNull().default(0),
  updated_at: ts().defaultNow().notNull(),
});

/** An event the attribution pixel sent from a brand's site. */
export const siteVisits = pgTable(
  'site_visits',
  {
    id: bigId(),
    site_id: integer()
      .notNull()
      .references(() => attributionSites.id, { onDelete: 'cascade' }),
    event_id: integer()
      .notNull()
      .references(() => siteEvents.id, { onDelete: 'cascade' }),
    occurred_at: ts().notNull(),
    /** Keyed hash of address + User-Agent with the day's secret (unique visitors per day). */
    visitor_hash: text().notNull(),
    /** The address hashed with each secret of the last 31 days, until the matcher has read them. */
    household_keys: jsonb().$type<string[] | null>(),
    os: text().notNull().default(''),
    browser: text().notNull().default(''),
    country: text().notNull().default(''),
    /** The page: origin and path, without the query string. */
    url: text().notNull(),
    matched_at: ts(),
  },
  (t) => [index('site_visits_site_idx').on(t.site_id, t.occurred_at), index('site_visits_visitor_idx').on(t.visitor_hash, t.occurred_at)],
);

/** A visit attributed to a campaign: the household downloaded an episode carrying its aired ad in the 30 days before. */
export const visitMatches = pgTable(
  'visit_matches',
  {
    visit_id: bigint({ mode: 'number' })
      .notNull()
      .references(() => siteVisits.id, { onDelete: 'cascade' }),
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    podcast_id: integer().references(() => podcasts.id, { onDelete: 'set null' }),
    episode_id: integer().references(() => episodes.id, { onDelete: 'set null' }),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.visit_id, t.campaign_id] }), index('visit_matches_campaign_idx').on(t.campaign_id, t.day)],
);
