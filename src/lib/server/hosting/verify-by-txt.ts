/**
 * Ownership verification for every show, the Podcasting 2.0 way: the product gives a code, the podcaster
 * places `<podcast:txt purpose="verify">{code}</podcast:txt>` in the feed, and reading the feed proves
 * they control it. Works for shows whose feed names no owner email. POST …/verification {method: "txt"}
 * gives the code (the same one until it is used), POST …/verification/check reads the feed now, and the
 * verified-state poll reads it too, at most every 10 s per show.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { throttle } from '../users';
import { randomToken } from '../crypto';
import { getDb, podcastVerificationCodes } from '../db';
import { FetchFailed, FetchRefused, guardedFetch } from '../fetch';
import { HttpError } from '../http';
import {
  findOwnedPodcast,
  all,
  attrOf,
  NotAnRssFeed,
  parseRssChannel,
  textOf,
  ALREADY_VERIFIED_MESSAGE,
  feedUnreachable,
  markPodcastVerified,
  podcastVerificationState,
} from '../podcasts';

/** The exact 422 text when the feed does not carry the code (yet). */
export const CODE_NOT_FOUND_MESSAGE = 'We could not find the code in your feed yet.';
/** The verified-state poll reads the feed at most this often. */
export const POLL_CHECK_MS = 10_000;

/** Answers the show's verification code, creating it the first time. */
export async function requestTxtVerification(user: { id: number }, podcastId: number): Promise<{ method: 'txt'; token: string }> {
  const { podcast } = await findOwnedPodcast(user.id, podcastId);
  if (podcast.verified_at) throw new HttpError(422, ALREADY_VERIFIED_MESSAGE, { podcast: [ALREADY_VERIFIED_MESSAGE] });
  const db = await getDb();
  const token = `cuepoint-verify-${randomToken(18)}`;
  await db.insert(podcastVerificationCodes).values({ podcast_id: podcast.id, token }).onConflictDoNothing();
  const [row] = await db.select().from(podcastVerificationCodes).where(eq(podcastVerificationCodes.podcast_id, podcast.id));
  return { method: 'txt', token: row!.token };
}

/** True when the feed XML carries `<podcast:txt purpose="verify">` with exactly this code. */
export function feedHasCode(xml: Buffer | string, token: string): boolean {
  const { node, prefix } = parseRssChannel(xml);
  return all(node[`${prefix.podcast}:txt`]).some((t) => attrOf(t, 'purpose')?.toLowerCase() === 'verify' && textOf(t) === token);
}

async function readFeedForCode(feedUrl: string, token: string): Promise<boolean> {
  let body: Buffer;
  try {
    const response = await guardedFetch(feedUrl, { subject: 'feed', headers: { 'cache-control': 'no-cache' } });
    if (response.status < 200 || response.status >= 300) throw feedUnreachable(`The feed answered with HTTP status ${response.status}.`);
    body = response.body;
  } catch (error) {
    if (error instanceof FetchRefused || error instanceof FetchFailed) throw feedUnreachable(error.message);
    throw error;
  }
  try {
    return feedHasCode(body, token);
  } catch (error) {
    if (error instanceof NotAnRssFeed) throw feedUnreachable(error.message);
    throw error;
  }
}

/** Reads the feed now: the verified state when the code is there, else a 422 saying so. */
export async function checkTxtVerification(user: { id: number }, podcastId: number) {
  const { podcast } = await findOwnedPodcast(user.id, podcastId);
  if (podcast.verified_at) return { ...(await podcastVerificationState(user, podcastId)), method: 'txt' as const };
  const db = await getDb();
  const [code] = await db.select().from(podcastVerificationCodes).where(eq(podcastVerificationCodes.podcast_id, podcast.id));
  if (!code) {
    const message = 'Ask for a verification code first, then add it to your feed.';
    throw new HttpError(422, message, { token: [message] });
  }
  await throttle({ key: `podcast-txt-check:${podcast.id}`, max: 1, windowSeconds: 5 }, 'You can check your RSS feed again');
  await db.update(podcastVerificationCodes).set({ checked_at: new Date() }).where(eq(podcastVerificationCodes.podcast_id, podcast.id));
  if (!(await readFeedForCode(podcast.url, code.token))) throw new HttpError(422, CODE_NOT_FOUND_MESSAGE, { token: [CODE_NOT_FOUND_MESSAGE] });
  await markPodcastVerified(podcast.id);
  return { ...(await podcastVerificationState(user, podcastId)), method: 'txt' as const };
}

/**
 * The verified state the hosting screens poll (GET …/verification): while a code is out and the show is
 * not verified, the feed is read for it at most every 10 s, so the page moves on by itself.
 */
export async function pollVerification(user: { id: number }, podcastId: number, now = new Date()) {
  const state = await podcastVerificationState(user, podcastId);
  if (state.verified) return state;
  const db = await getDb();
  // Claims the check (one reader per 10 s across requests and instances) before reading the feed.
  const [due] = await db
    .update(podcastVerificationCodes)
    .set({ checked_at: now })
    .where(
      and(
        eq(podcastVerificationCodes.podcast_id, podcastId),
        or(isNull(podcastVerificationCodes.checked_at), lt(podcastVerificationCodes.checked_at, new Date(now.getTime() - POLL_CHECK_MS))),
      ),
    )
    .returning();
  if (!due) return state;
  const { podcast } = await findOwnedPodcast(user.id, podcastId);
  const found = await readFeedForCode(podcast.url, due.token).catch(() => false);
  if (!found) return state;
  await markPodcastVerified(podcastId, now);
  return podcastVerificationState(user, podcastId);
}
