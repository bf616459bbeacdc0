/**
 * Feed watching (issue 12): after a job's air date, the podcast's new episodes are searched for its
 * approved ad without anyone linking them. Hosted shows: their own episodes. Others: the RSS feed,
 * polled with ETag / Last-Modified so an unchanged feed costs one 304; new items are added through the
 * podcasts domain. Each episode published on or after the air date, and on or after the day the ad was
 * approved (issue 33), is checked once per job.
 */
import { and, eq, gte, inArray, isNotNull, lte, notExists } from 'drizzle-orm';
import { getDb, airChecks, deliverables, episodes, hostedPodcasts, packageJobs, packages, podcasts } from '../db';
import { podcastToday, pollFeed } from '../podcasts';
import { recordFeedEnclosures } from '../measurement';
import { airsAfterApproval } from './air-date-rule';
import { runAirCheck } from './listen';

/**
 * One pass of the watcher (the `delivery.watch-feeds` schedule): for every funded job with an approved
 * ad, past its air date and not completed, check the podcast's episodes published since that date.
 * Answers how many checks ran.
 */
export async function watchFeeds(options: { podcastId?: number } = {}): Promise<number> {
  const db = await getDb();
  const waiting = await db
    .select({ job: packageJobs, podcast: podcasts, deliverableId: deliverables.id, approvedAt: deliverables.approved_at, hosted: hostedPodcasts.id })
    .from(packageJobs)
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .innerJoin(deliverables, and(eq(deliverables.package_job_id, packageJobs.id), eq(deliverables.status, 'accepted')))
    .leftJoin(hostedPodcasts, and(eq(hostedPodcasts.podcast_id, podcasts.id), eq(hostedPodcasts.is_completed, true)))
    .where(and(inArray(packageJobs.status, ['in-progress', 'in-review']), eq(packageJobs.is_funded, true), isNotNull(packageJobs.delivery_date)));
  const due = waiting.filter((w) => w.job.delivery_date! <= podcastToday(w.podcast) && (options.podcastId === undefined || w.podcast.id === options.podcastId));
  const polled = new Set<number>();
  let ran = 0;
  for (const w of due) {
    if (!w.hosted && !polled.has(w.podcast.id)) {
      polled.add(w.podcast.id);
      await pollFeed(w.podcast, recordFeedEnclosures);
    }
    const candidates = await db
      .select({ id: episodes.id, published_at: episodes.published_at })
      .from(episodes)
      .where(
        and(
          eq(episodes.podcast_id, w.podcast.id),
          eq(episodes.status, 'current'),
          isNotNull(episodes.enclosure_url),
          gte(episodes.published_at, new Date(`${w.job.delivery_date}T00:00:00Z`)),
          lte(episodes.published_at, new Date()),
          notExists(
            db
              .select({ id: airChecks.id })
              .from(airChecks)
              .where(and(eq(airChecks.package_job_id, w.job.id), eq(airChecks.episode_id, episodes.id))),
          ),
        ),
      );
    for (const e of candidates) {
      if (!airsAfterApproval(e.published_at, w.approvedAt, w.podcast.time_zone)) continue;
      const [check] = await db
        .insert(airChecks)
        .values({ package_job_id: w.job.id, deliverable_id: w.deliverableId, episode_id: e.id, source: 'feed' })
        .onConflictDoNothing()
        .returning();
      if (!check) continue;
      ran++;
      const done = await runAirCheck(check.id);
      if (done?.status === 'found') break;
    }
  }
  return ran;
}
