/** The admin's review of manual stats: verify (the podcast's average listens follow) or reject with a reason. */
import { asc, eq } from 'drizzle-orm';
import { config } from '../../config';
import { getDb, podcastManualStats, podcasts, users } from '../../db';
import { HttpError, notFound } from '../../http';
import { renderMail, queueMail } from '../../mail';
import { notify } from '../../notifications';
import { serializeManualStats, type ManualStatsPayload } from './manual-stats';
import { setVerifiedListens } from '../../podcasts';

export interface PendingManualStats extends ManualStatsPayload {
  podcast_title: string;
  podcast_hash_id: string;
  podcaster_name: string;
  podcaster_email: string;
}

/** Submissions waiting for a decision, oldest first (expired ones are marked). */
export async function listPendingManualStats(): Promise<PendingManualStats[]> {
  const db = await getDb();
  const rows = await db
    .select({ s: podcastManualStats, title: podcasts.title, hash: podcasts.hash_id, first: users.first_name, last: users.last_name, email: users.email })
    .from(podcastManualStats)
    .innerJoin(podcasts, eq(podcasts.id, podcastManualStats.podcast_id))
    .innerJoin(users, eq(users.id, podcasts.user_id))
    .where(eq(podcastManualStats.status, 'pending'))
    .orderBy(asc(podcastManualStats.created_at), asc(podcastManualStats.id));
  return rows.map((r) => ({
    ...serializeManualStats(r.s),
    podcast_title: r.title,
    podcast_hash_id: r.hash,
    podcaster_name: [r.first, r.last].filter(Boolean).join(' ') || r.email,
    podcaster_email: r.email,
  }));
}

async function pendingOne(id: number) {
  const db = await getDb();
  const [row] = await db
    .select({ s: podcastManualStats, podcast: podcasts, email: users.email, first: users.first_name })
    .from(podcastManualStats)
    .innerJoin(podcasts, eq(podcasts.id, podcastManualStats.podcast_id))
    .innerJoin(users, eq(users.id, podcasts.user_id))
    .where(eq(podcastManualStats.id, id));
  if (!row) throw notFound();
  if (row.s.status !== 'pending') throw new HttpError(422, 'These numbers were already reviewed.', { id: ['These numbers were already reviewed.'] });
  return row;
}

const manageLink = () => `${config().appUrl}/settings/manage-podcasts#analytics`;

/** Verifies a pending submission: the podcast's average listens become its listens; the podcaster is told. */
export async function verifyManualStats(id: number): Promise<ManualStatsPayload> {
  const row = await pendingOne(id);
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const [s] = await tx
      .update(podcastManualStats)
      .set({ status: 'verified', verified_at: new Date(), reject_reason: null })
      .where(eq(podcastManualStats.id, id))
      .returning();
    await setVerifiedListens(row.podcast.id, row.s.listens, tx);
    await queueMail(
      renderMail({
        to: row.email,
        subject: `Your listener numbers for “${row.podcast.title}” were verified`,
        greeting: `Hi ${row.first || 'there'},`,
        lines: [
          `We checked the ${row.s.listens.toLocaleString('en-US')} listens you sent for “${row.podcast.title}”.`,
          'Brands now see them as the show’s average listens.',
        ],
        action: { label: 'View your stats', url: manageLink() },
      }),
      tx,
    );
    return s!;
  });
  await notify(row.podcast.user_id, {
    type: 'manual-stats.verified',
    title: 'Listener numbers verified',
    description: `${row.s.listens.toLocaleString('en-US')} listens for “${row.podcast.title}”`,
    img: row.podcast.avatar_url,
    podcast_id: row.podcast.id,
    link_type: 'manual-stats',
    link: '/settings/manage-podcasts#analytics',
  });
  return serializeManualStats(saved);
}

/** Rejects a pending submission with a reason, mailed and notified to the podcaster. */
export async function rejectManualStats(id: number, reason: string): Promise<ManualStatsPayload> {
  const text = reason.trim();
  if (!text) throw new HttpError(422, 'The reason field is required.', { reason: ['The reason field is required.'] });
  if (text.length > 2000)
    throw new HttpError(422, 'The reason must not be greater than 2000 characters.', { reason: ['The reason must not be greater than 2000 characters.'] });
  const row = await pendingOne(id);
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const [s] = await tx.update(podcastManualStats).set({ status: 'rejected', reject_reason: text }).where(eq(podcastManualStats.id, id)).returning();
    await queueMail(
      renderMail({
        to: row.email,
        subject: `Your listener numbers for “${row.podcast.title}” were not verified`,
        greeting: `Hi ${row.first || 'there'},`,
        lines: [
          `We could not verify the ${row.s.listens.toLocaleString('en-US')} listens you sent for “${row.podcast.title}”.`,
          `Reason: ${text}`,
          'You can send new numbers with another screenshot or report.',
        ],
        action: { label: 'Send new numbers', url: manageLink() },
      }),
      tx,
    );
    return s!;
  });
  await notify(row.podcast.user_id, {
    type: 'manual-stats.rejected',
    title: 'Listener numbers not verified',
    description: `“${row.podcast.title}”: ${text}`,
    img: row.podcast.avatar_url,
    podcast_id: row.podcast.id,
    link_type: 'manual-stats',
    link: '/settings/manage-podcasts#analytics',
  });
  return serializeManualStats(saved);
}
