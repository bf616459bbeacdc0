/**
 * Hosting's own tables (written by the hosting domain only).
 *
 * migration_files: one row per file a migration copies from the old host (each episode's audio,
 * artwork, transcripts, chapters, alternate enclosures and people's images, the show's artwork), with
 * what happened to it. The migration report, the Resync and the
 * redirect rule ("every episode served by us") all read it.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { episodes, hostedPodcasts, podcasts } from './core';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

export const migrationFiles = pgTable(
  'migration_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    hosted_podcast_id: integer()
      .notNull()
      .references(() => hostedPodcasts.id, { onDelete: 'cascade' }),
    /** The episode the file belongs to; null for the show's own artwork. */
    episode_id: integer().references(() => episodes.id, { onDelete: 'cascade' }),
    kind: text().$type<'audio' | 'art' | 'transcript' | 'chapters' | 'person' | 'alternate'>().notNull(),
    source_url: text().notNull(),
    /** copied: served by us; failed: every attempt of the last run failed (error says why). */
    status: text().$type<'copied' | 'failed'>().notNull(),
    attempts: integer().notNull().default(0),
    error: text(),
    stored_url: text(),
    size: integer(),
    created_at: ts().defaultNow().notNull(),
    updated_at: ts()
      .defaultNow()
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (t) => [uniqueIndex('migration_files_source_unique').on(t.hosted_podcast_id, t.kind, t.source_url), index('migration_files_episode_idx').on(t.episode_id)],
);

/**
 * hosted_feed_states: the validator of each hosted feed. The feed is built on every request; its ETag
 * is the hash of its content and changed_at (Last-Modified, lastBuildDate) moves only when that hash
 * does, so a download or any other write that leaves the feed as it was never changes either.
 */
export const hostedFeedStates = pgTable('hosted_feed_states', {
  hosted_podcast_id: integer()
    .primaryKey()
    .references(() => hostedPodcasts.id, { onDelete: 'cascade' }),
  etag: text().notNull(),
  changed_at: ts().notNull(),
});

/**
 * podcast_verification_codes: the code a podcaster places in the feed as
 * <podcast:txt purpose="verify"> to prove ownership without an owner email (hosting/verify-by-txt.ts).
 */
export const podcastVerificationCodes = pgTable('podcast_verification_codes', {
  podcast_id: integer()
    .primaryKey()
    .references(() => podcasts.id, { onDelete: 'cascade' }),
  token: text().notNull(),
  requested_at: ts().defaultNow().notNull(),
  /** The last time the feed was read for the code (the verified-state poll reads it at most every 10 s). */
  checked_at: ts(),
});
