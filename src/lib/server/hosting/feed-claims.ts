/**
 * One feed, one owner (issue 36, 6c). A feed already admitted to hosting in one account may be asked
 * for by another (applying, or migrating an invited show) only with a proof of ownership newer than
 * the first account's: the existing verification step (the link mailed to the feed's owner email, or
 * a code placed in the feed). An older proof is withdrawn, so the step is offered again. When the
 * proof holds, the first account is told through a notification.
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { getDb, hostedPodcasts, podcasts } from '../db';
import { HttpError } from '../http';
import { notify } from '../notifications';
import { clearPodcastVerification, type PodcastRow } from '../podcasts';

export const OWNED_ELSEWHERE =
  'This feed is already hosted on Cuepoint by another account. Verify that you own it (we email the owner address in the feed, or you add a code to it), then try again.';

export interface FeedClaim {
  podcastId: number;
  userId: number;
  title: string;
  /** When that account proved it owns the feed (null: it never did). */
  verifiedAt: Date | null;
}

/** The latest claim on the podcast's feed by another account: a hosted show of the same feed that has not left. */
export async function claimByAnotherAccount(podcast: Pick<PodcastRow, 'id' | 'url' | 'user_id'>): Promise<FeedClaim | null> {
  const db = await getDb();
  const url = podcast.url.trim().toLowerCase();
  const [row] = await db
    .select({ podcastId: podcasts.id, userId: podcasts.user_id, title: podcasts.title, verifiedAt: podcasts.verified_at })
    .from(hostedPodcasts)
    .innerJoin(podcasts, eq(podcasts.id, hostedPodcasts.podcast_id))
    .where(
      and(
        ne(podcasts.user_id, podcast.user_id),
        sql`(lower(${hostedPodcasts.original_url}) = ${url} or lower(${podcasts.url}) = ${url})`,
        sql`${hostedPodcasts.settings}->>'moved_to' is null`,
      ),
    )
    .orderBy(sql`${podcasts.verified_at} desc nulls last`, desc(hostedPodcasts.id))
    .limit(1);
  return row ?? null;
}

/**
 * Answers the other account's claim when the podcast's proof of ownership is newer than it (null when
 * no other account holds the feed); otherwise a 422 on `podcast`, the stale proof withdrawn.
 */
export async function assertFeedOwnership(podcast: PodcastRow): Promise<FeedClaim | null> {
  const claim = await claimByAnotherAccount(podcast);
  if (!claim) return null;
  const proved = podcast.verified_at && (!claim.verifiedAt || podcast.verified_at.getTime() >= claim.verifiedAt.getTime());
  if (proved) return claim;
  if (podcast.verified_at) await clearPodcastVerification(podcast.id);
  throw new HttpError(422, OWNED_ELSEWHERE, { podcast: [OWNED_ELSEWHERE] });
}

/** Tells the first account that another one proved it owns the feed and asked to host it. */
export async function tellFirstOwner(claim: FeedClaim, asked: 'applied for hosting' | 'started moving it to Cuepoint'): Promise<void> {
  await notify(claim.userId, {
    type: 'hosting.feed-claimed',
    podcast_id: claim.podcastId,
    link_type: 'hosting',
    title: `Another account proved it owns the feed of ${claim.title}`,
    description: `Someone verified the owner email (or a code) of this RSS feed from another Cuepoint account and ${asked}. If that was not you or your team, contact support.`,
    link: '/hosting/dashboard',
  }).catch((error: unknown) => console.error('[cuepoint] feed-claim notification failed', error));
}
