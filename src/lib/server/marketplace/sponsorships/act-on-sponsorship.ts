/** The podcaster's actions on a sponsorship: decline, cancel (withdraw the proposal) and toggle featured. */
import { and, eq } from 'drizzle-orm';
import { getDb, type Tx, opportunities, packages } from '../../db';
import { fieldError } from '../../http';
import { transitionOpportunities } from '../deal-status';
import type { PodcastRow } from '../../podcasts';
import { withdrawProposal } from '../proposals';
import { findSponsorship, type SponsorshipPayload } from './list-sponsorships';

type OpportunityRow = typeof opportunities.$inferSelect;

/** The opportunities row of a podcast and campaign, created when missing. */
export async function ensureOpportunity(tx: Tx, podcastId: number, campaignId: number): Promise<OpportunityRow> {
  await tx.insert(opportunities).values({ podcast_id: podcastId, campaign_id: campaignId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(opportunities)
    .where(and(eq(opportunities.podcast_id, podcastId), eq(opportunities.campaign_id, campaignId)));
  return row!;
}

/** Not interested: the sponsorship moves to the declined tab; a sent proposal must be cancelled first. */
export async function declineSponsorship(podcast: PodcastRow, campaignId: number): Promise<SponsorshipPayload> {
  const s = await findSponsorship(podcast, campaignId);
  if (s.status === 'proposed' || s.status === 'hired') throw fieldError('sponsorship', 'Cancel your proposal before declining this sponsorship.');
  const db = await getDb();
  await db.transaction(async (tx) => {
    const opp = await ensureOpportunity(tx, podcast.id, campaignId);
    await transitionOpportunities(tx, eq(opportunities.id, opp.id), opp.status === 'declined' ? 'open' : 'declined', { is_featured: false });
  });
  return findSponsorship(podcast, campaignId);
}

/** Cancels the pending proposal of this sponsorship (it is withdrawn; the brand sees it no more). */
export async function cancelSponsorship(userId: number, podcast: PodcastRow, campaignId: number): Promise<SponsorshipPayload> {
  const s = await findSponsorship(podcast, campaignId);
  if (!s.package || s.package.status !== 'pending') throw fieldError('sponsorship', 'There is no pending proposal to cancel.');
  await withdrawProposal(userId, s.package.id);
  return findSponsorship(podcast, campaignId);
}

/** Marks the sponsorship featured (kept at the top of the list), or not. */
export async function toggleFeatured(podcast: PodcastRow, campaignId: number): Promise<SponsorshipPayload> {
  await findSponsorship(podcast, campaignId);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const opp = await ensureOpportunity(tx, podcast.id, campaignId);
    await tx.update(opportunities).set({ is_featured: !opp.is_featured }).where(eq(opportunities.id, opp.id));
  });
  return findSponsorship(podcast, campaignId);
}

/** The live (pending or hired) package of a podcast for a campaign, if any. */
export async function livePackageId(tx: Tx, podcastId: number, campaignId: number): Promise<number | null> {
  const rows = await tx
    .select({ id: packages.id, status: packages.status })
    .from(packages)
    .where(and(eq(packages.podcast_id, podcastId), eq(packages.campaign_id, campaignId)));
  return rows.find((r) => r.status === 'pending' || r.status === 'hired')?.id ?? null;
}
