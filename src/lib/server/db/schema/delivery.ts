/**
 * Delivery's own tables (written by the delivery domain only).
 *
 * air_checks: each time the product listens for a job's approved ad in an episode: linked by the
 * podcaster (`link`) or found in the podcast's feed after the air date (`feed`); its verdict, where
 * the ad starts, and the workroom message that reported it. feed_watches: the conditional-GET state of
 * the RSS feeds watched for aired ads (ETag, Last-Modified).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { deliverables, episodes, messages, packageJobs, podcasts, users } from './core';

const ts = () => timestamp({ withTimezone: true, mode: 'date' });

/** One airing of the ad heard in an episode: where it starts, how much of the ad it holds, its score and speed. */
export interface AiringEvidence {
  start_ms: number;
  matched_ms: number;
  score: number;
  speed: number;
  complete: boolean;
}

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
    /** Where the ad starts in the episode (its best airing: the first complete one, else the one that held the most). */
    offset_ms: integer(),
    /** Unused since issue 33 (the landmark votes of the first matcher); kept for the checks made before. */
    votes: integer(),
    /** The share of the ad heard in its best airing (0–1). */
    ratio: real(),
    /** The evidence (issue 33): how much of the ad was heard in its best airing, of the ad's length, the match score, and every airing. */
    matched_ms: integer(),
    ad_ms: integer(),
    score: real(),
    airings: jsonb().$type<AiringEvidence[]>(),
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

/**
 * A brand's dispute of a linked episode (issue 33): the job waits in review until an admin releases
 * the fee (the ad aired) or refunds the brand (it did not), both sides told. One open dispute per job.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    package_job_id: integer()
      .notNull()
      .references(() => packageJobs.id, { onDelete: 'cascade' }),
    deliverable_id: integer()
      .notNull()
      .references(() => deliverables.id, { onDelete: 'cascade' }),
    /** The linked episode's check the brand disputed (its evidence). */
    air_check_id: integer().references(() => airChecks.id, { onDelete: 'set null' }),
    brand_user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    /** The podcaster's side, in their words. */
    response: text(),
    responded_at: ts(),
    /** open, released (the fee went to the podcaster), refunded (the brand was refunded). */
    status: text().$type<'open' | 'released' | 'refunded'>().notNull().default('open'),
    resolved_by: integer().references(() => users.id, { onDelete: 'set null' }),
    resolution_note: text(),
    resolved_at: ts(),
    created_at: ts().defaultNow().notNull(),
    updated_at: ts()
      .defaultNow()
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('disputes_status_idx').on(t.status), uniqueIndex('disputes_open_job_unique').on(t.package_job_id).where(sql`${t.status} = 'open'`)],
);
