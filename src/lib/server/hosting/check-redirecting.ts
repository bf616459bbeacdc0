/**
 * The redirect check of hosting onboarding: does the original feed now send podcast apps to our
 * hosted feed? Either a permanent HTTP redirect (301/308) to it, or an `itunes:new-feed-url` naming it.
 */
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { throttle } from '../users';
import { getDb, hostedPodcasts, podcasts } from '../db';
import { FetchFailed, FetchRefused, guardedFetch } from '../fetch';
import { HttpError, notFound } from '../http';
import { serializeHosted, type HostedRow, NotAnRssFeed, parseRssChannel, readNewFeedUrl } from '../podcasts';
import { sameFeedUrl } from '../../hosting-rules';
import type { HostedPodcastPayload } from '../../types';
import { publishHostedPodcastUpdated } from './events';
import { failedFileCount } from './import-feed';

/**
 * The redirect is accepted only once the show is on Cuepoint: migrated (or started here), and every
 * file moved, so the hosted feed serves every episode by itself once the old host is closed.
 */
async function assertReadyToRedirect(hosted: HostedRow): Promise<void> {
  if (hosted.migration_status !== 'completed' && hosted.migration_status !== 'skipped') {
    const message = 'Your show has not finished moving to Cuepoint yet. Set up the redirect once the migration is done.';
    throw new HttpError(422, message, { redirect: [message] });
  }
  const failed = hosted.migration_status === 'completed' ? await failedFileCount(hosted.id) : 0;
  if (failed > 0) {
    const message = `${failed} file${failed === 1 ? ' has' : 's have'} not moved yet. Resync the migration to fetch ${failed === 1 ? 'it' : 'them'}, then set up the redirect.`;
    throw new HttpError(422, message, { redirect: [message] });
  }
}

export type RedirectEvidence = { kind: 'http'; status: number; location: string } | { kind: 'new-feed-url'; url: string } | null;

/** Fetches the original feed without following redirects and says whether it points at the hosted feed. */
export async function probeRedirect(
  originalUrl: string,
  hostedUrl: string,
): Promise<{ ok: true; evidence: RedirectEvidence } | { ok: false; message: string }> {
  try {
    const response = await guardedFetch(originalUrl, { followRedirects: false, subject: 'original feed' });
    if (response.status === 301 || response.status === 308) {
      const raw = response.headers.location;
      const location = raw ? new URL(raw, originalUrl).href : null;
      return { ok: true, evidence: location && sameFeedUrl(location, hostedUrl) ? { kind: 'http', status: response.status, location } : null };
    }
    if (response.status >= 300 && response.status < 400) return { ok: true, evidence: null }; // temporary redirects do not move subscribers
    if (response.status < 200 || response.status >= 300) return { ok: false, message: `The original feed answered with HTTP status ${response.status}.` };
    try {
      const newFeedUrl = readNewFeedUrl(parseRssChannel(response.body));
      return { ok: true, evidence: newFeedUrl && sameFeedUrl(newFeedUrl, hostedUrl) ? { kind: 'new-feed-url', url: newFeedUrl } : null };
    } catch (error) {
      if (error instanceof NotAnRssFeed) return { ok: true, evidence: null };
      throw error;
    }
  } catch (error) {
    if (error instanceof FetchRefused || error instanceof FetchFailed) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * Checks whether the user's hosted podcast's original feed redirects to the hosted feed; records
 * redirecting_url/redirecting_at when it does and counts a failed fetch of the original feed.
 */
export async function checkRedirecting(user: { id: number }, hostedId: number, now = new Date()): Promise<HostedPodcastPayload> {
  const db = await getDb();
  const [row] = await db
    .select({ hosted: hostedPodcasts })
    .from(hostedPodcasts)
    .innerJoin(podcasts, eq(podcasts.id, hostedPodcasts.podcast_id))
    .where(and(eq(hostedPodcasts.id, hostedId), eq(podcasts.user_id, user.id)));
  if (!row) throw notFound();
  const hosted: HostedRow = row.hosted;
  if (!hosted.original_url || !hosted.url) {
    const message = 'This podcast has no original feed to redirect from.';
    throw new HttpError(422, message, { original_url: [message] });
  }
  await assertReadyToRedirect(hosted);
  await throttle({ key: `check-redirecting:${hosted.id}`, max: 1, windowSeconds: 5 }, 'You can check the redirect again');
  const result = await probeRedirect(hosted.original_url, hosted.url);
  const update = !result.ok
    ? { original_url_failed_requests: sql<number>`${hostedPodcasts.original_url_failed_requests} + 1` }
    : result.evidence
      ? { redirecting_url: hosted.url, redirecting_at: now, original_url_failed_requests: 0 }
      : // An answer without the redirect resets the failure count: the old feed is reachable again.
        { original_url_failed_requests: 0 };
  const [saved] = await db.update(hostedPodcasts).set(update).where(eq(hostedPodcasts.id, hosted.id)).returning();
  await publishHostedPodcastUpdated(saved!.id);
  return serializeHosted(saved!);
}

/**
 * Re-confirms the redirects of shows on Cuepoint: one confirmed over a day ago is probed again, so
 * redirecting_at stays fresh while the old feed still points here and lapses (hosting §3: redirecting
 * for 2 days after redirecting_at) once it stops; a failed probe is counted. Answers how many were probed.
 */
export async function recheckRedirects(now = new Date(), limit = 50): Promise<number> {
  const db = await getDb();
  const due = await db
    .select()
    .from(hostedPodcasts)
    .where(
      and(
        eq(hostedPodcasts.is_completed, true),
        isNotNull(hostedPodcasts.original_url),
        isNotNull(hostedPodcasts.url),
        lt(hostedPodcasts.redirecting_at, new Date(now.getTime() - 24 * 60 * 60 * 1000)),
      ),
    )
    .limit(limit);
  for (const hosted of due) {
    if (typeof hosted.settings.moved_to === 'string') continue;
    const result = await probeRedirect(hosted.original_url!, hosted.url!);
    if (result.ok && !result.evidence) continue;
    await db
      .update(hostedPodcasts)
      .set(
        result.ok
          ? { redirecting_at: now, original_url_failed_requests: 0 }
          : { original_url_failed_requests: sql<number>`${hostedPodcasts.original_url_failed_requests} + 1` },
      )
      .where(eq(hostedPodcasts.id, hosted.id));
  }
  return due.length;
}
