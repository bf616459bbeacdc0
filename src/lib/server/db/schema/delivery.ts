/**
 * Delivery's own tables (written by the delivery domain only).
 *
 * air_checks: each time the product listens for a job's approved ad in an episode: linked by the
 * podcaster (`link`) or found in the podcast's feed after the air date (`feed`); its verdict, where
 * the ad starts, and the workroom message that reported it. feed_watches: the conditional-GET state of
 * the RSS feeds watched for aired ads (ETag, Last-Modified).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { deliverables, episodes, messages, packageJobs, podcasts, users } from './core';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

export const airChecks = pgTable(
  'air_checks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    package_job_id: integer()
      .notNull()
      .references(() => packageJobs.id, { onDelete: 'cascade' }),
    deliverable_id: integer()
      .notNull()
      .references(() => deliverables.id, { onDelete: 'cascade' }),
    episode_id: integer().references(() => episodes.id, { onDelete: 'set null' }),
    /** The audio URL as linked (an episode of another host, or one the feed does not list). */
    url: text(),
    source: text().$type<'link' | 'feed'>().notNull().default('link'),
    /**
     * pending (queued), found (detected: the job completed), not-found (a link waits for the brand:
     * the job is in review; a feed episode without the ad stays quiet), confirmed / disputed (the
     * brand answered a link), replaced (a newer link took its place).
     */
    status: text().$type<'pending' | 'found' | 'not-found' | 'confirmed' | 'disputed' | 'replaced'>().notNull().default('pending'),
    offset_ms: integer(),
    /** Hashes agreeing on the offset, and their share of the ad's hashes. */
    votes: integer(),
    ratio: real(),
    /** Why the audio could not be searched (unreachable, not audio), when so. */
    error: text(),
    message_id: integer().references(() => messages.id, { onDelete: 'set null' }),
    linked_by: integer().references(() => users.id, { onDelete: 'set null' }),
    checked_at: ts(),
    answered_at: ts(),
    created_at: ts().defaultNow().notNull(),
    updated_at: ts()
      .defaultNow()
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('air_checks_job_idx').on(t.package_job_id),
    // The feed watcher checks an episode once per job.
    uniqueIndex('air_checks_feed_episode_unique').on(t.package_job_id, t.episode_id).where(sql`${t.source} = 'feed'`),
  ],
);

export const feedWatches = pgTable('feed_watches', {
  podcast_id: integer()
    .primaryKey()
    .references(() => podcasts.id, { onDelete: 'cascade' }),
  etag: text(),
  last_modified: text(),
  checked_at: ts(),
  error: text(),
});
