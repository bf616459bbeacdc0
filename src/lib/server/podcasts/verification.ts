/**
 * RSS ownership verification (hosting spec §2, §4, §5): the feed's owner email gets a signed link;
 * opening it sets podcasts.verified_at. The feed is fetched through the guarded fetcher.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { throttle } from '../users';
import { config } from '../config';
import { readSignedPayload, signPayload } from '../crypto';
import { getDb, hostedPodcasts, podcasts } from '../db';
import { guardedFetch, FetchFailed, FetchRefused } from '../fetch';
import { HttpError } from '../http';
import { renderMail, queueMail } from '../mail';
import type { HostedRow, PodcastRow } from './list-podcasts';
import { findOwnedPodcast } from './owned-podcast';
import { NotAnRssFeed } from './rss-channel';
import { readOwnerEmail } from './rss-owner';
import { publishPodcastUpdated } from './events';
import { NO_EMAIL_MESSAGE } from '../../feed-errors';

export const SENT_MESSAGE = 'New verification email was sent to your inbox.';
export const ALREADY_VERIFIED_MESSAGE = 'This podcast is already verified.';
export const BAD_LINK_MESSAGE = 'This verification link is invalid or has expired. Request a new one from your podcast settings.';

/** How long a mailed link stays good. */
export const LINK_TTL_SECONDS = 7 * 24 * 60 * 60;
const PURPOSE = 'podcast-verification';

interface LinkPayload {
  purpose: typeof PURPOSE;
  podcast_id: number;
  email: string;
  exp: number;
}

/** The link mailed to the feed's owner: GET /api/podcasts/{id}/verified/{token}. */
export function verificationLink(podcastId: number, email: string, now = new Date()): string {
  const payload: LinkPayload = { purpose: PURPOSE, podcast_id: podcastId, email, exp: Math.floor(now.getTime() / 1000) + LINK_TTL_SECONDS };
  return `${config().appUrl}/api/podcasts/${podcastId}/verified/${signPayload(payload)}`;
}

/**
 * A feed that could not be read is a 422 on `url` that says so in its own words: the email was never
 * looked for, so the client must not title it 'Email not found in RSS' (that is the 422 on `email`).
 */
export function feedUnreachable(reason: string): HttpError {
  const message = `We could not read your RSS feed: ${reason}`;
  return new HttpError(422, message, { url: [message] });
}

/** Fetches the feed and answers its owner email, or throws the 422s the client shows. */
async function fetchOwnerEmail(feedUrl: string): Promise<string> {
  let body: Buffer;
  try {
    const response = await guardedFetch(feedUrl, { subject: 'feed' });
    if (response.status < 200 || response.status >= 300) throw feedUnreachable(`The feed answered with HTTP status ${response.status}.`);
    body = response.body;
  } catch (error) {
    if (error instanceof FetchRefused || error instanceof FetchFailed) throw feedUnreachable(error.message);
    throw error;
  }
  let email: string | null;
  try {
    email = readOwnerEmail(body);
  } catch (error) {
    if (error instanceof NotAnRssFeed) throw feedUnreachable(error.message);
    throw error;
  }
  if (!email) throw new HttpError(422, NO_EMAIL_MESSAGE, { email: [NO_EMAIL_MESSAGE] });
  return email;
}

/** Re-reads the feed's owner email, stores it and mails it a verification link (throttled per podcast). */
export async function requestPodcastVerification(
  user: { id: number },
  podcastId: number,
): Promise<{ email: string; podcast: PodcastRow; hosted: HostedRow | null }> {
  const { podcast, hosted } = await findOwnedPodcast(user.id, podcastId);
  if (podcast.verified_at) throw new HttpError(422, ALREADY_VERIFIED_MESSAGE, { podcast: [ALREADY_VERIFIED_MESSAGE] });
  // Spec §5: one re-check per 5 s. The hourly cap stops anyone mailing a stranger's feed address in a loop.
  await throttle({ key: `podcast-verification:${podcastId}`, max: 1, windowSeconds: 5 }, 'You can check your RSS feed again');
  await throttle(
    { key: `podcast-verification-hour:${podcastId}`, max: 20, windowSeconds: 3600 },
    'Too many verification emails were requested for this podcast. Please try again',
  );
  const email = await fetchOwnerEmail(podcast.url);
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.update(podcasts).set({ email }).where(eq(podcasts.id, podcast.id)).returning();
    await queueMail(
      renderMail({
        to: email,
        subject: `Verify that you own ${podcast.title}`,
        greeting: 'Hi there,',
        lines: [
          `Someone asked Cuepoint to verify ownership of the podcast "${podcast.title}". This address is the owner email in its RSS feed.`,
          'Open the link below to confirm that the podcast is yours. The link is good for 7 days.',
        ],
        action: { label: 'Verify podcast ownership', url: verificationLink(podcast.id, email) },
        footer: 'If you did not ask for this, you can ignore this email: nothing changes until the link is opened.',
      }),
      tx,
    );
    return row!;
  });
  await publishPodcastUpdated('updated', updated);
  return { email, podcast: updated, hosted };
}

/** The verified state the hosting screens poll (hosting spec §4). */
export async function podcastVerificationState(
  user: { id: number },
  podcastId: number,
): Promise<{ verified: boolean; verified_at: string | null; email: string | null }> {
  const { podcast } = await findOwnedPodcast(user.id, podcastId);
  return { verified: !!podcast.verified_at, verified_at: podcast.verified_at?.toISOString() ?? null, email: podcast.email };
}

/** Sets verified_at once (a second proof keeps the first time) and publishes the change; answers the podcast. */
export async function markPodcastVerified(podcastId: number, now = new Date()): Promise<PodcastRow | null> {
  const db = await getDb();
  const [verified] = await db
    .update(podcasts)
    .set({ verified_at: now })
    .where(and(eq(podcasts.id, podcastId), isNull(podcasts.verified_at)))
    .returning();
  if (verified) await publishPodcastUpdated('verified', verified);
  return verified ?? null;
}

/**
 * Withdraws a podcast's proof of ownership, so the verification step is offered again: another
 * account proved it owns the same feed since (hosting: one feed, one owner).
 */
export async function clearPodcastVerification(podcastId: number): Promise<void> {
  const db = await getDb();
  const [row] = await db.update(podcasts).set({ verified_at: null }).where(eq(podcasts.id, podcastId)).returning();
  if (row) await publishPodcastUpdated('updated', row);
}

/**
 * Opens a mailed link: sets verified_at when the link is genuine, unexpired and its email is still the
 * podcast's; answers where to send the browser, or null for a bad link.
 */
export async function confirmPodcastVerification(podcastId: number, token: string, now = new Date()): Promise<{ redirectTo: string } | null> {
  const payload = readSignedPayload<Partial<LinkPayload>>(token);
  if (!payload || payload.purpose !== PURPOSE || payload.podcast_id !== podcastId || typeof payload.email !== 'string') return null;
  if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now.getTime()) return null;
  const db = await getDb();
  const [row] = await db
    .select({ podcast: podcasts, hostedId: hostedPodcasts.id })
    .from(podcasts)
    .leftJoin(hostedPodcasts, eq(hostedPodcasts.podcast_id, podcasts.id))
    .where(eq(podcasts.id, podcastId));
  if (!row || row.podcast.email?.toLowerCase() !== payload.email.toLowerCase()) return null;
  await markPodcastVerified(podcastId, now);
  return { redirectTo: row.hostedId ? '/hosting/dashboard' : '/settings/manage-podcasts#podcasts' };
}
