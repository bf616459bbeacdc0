/** What the proposal wizard and its confirmation page show (the three GET /api/v0/campaign/{id}/proposal/… calls). */
import { and, desc, eq } from 'drizzle-orm';
import { getDb, packages } from '../../db';
import { notFound } from '../../http';
import type { PodcastRow } from '../../podcasts';
import { podcastCalendar } from '../../podcasts';
import { findSponsorship, type SponsorshipPayload } from '../sponsorships';
import type { CalendarSlot } from '../../../slots';
import { findOwnPackage } from './save-proposal';
import { loadPackage, type PackagePayload } from './serialize-package';

export interface ProposalFormPayload {
  sponsorship: SponsorshipPayload;
  podcast: { id: number; hash_id: string; title: string; avatar_url: string | null; has_schedule: boolean };
  /** The podcast's calendar (12 months); the wizard offers the available days of each ad's type. */
  slots: CalendarSlot[];
  package: PackagePayload | null;
}

function podcastSummary(p: PodcastRow): ProposalFormPayload['podcast'] {
  const s = p.schedule_settings as { days?: number[] } | null;
  return { id: p.id, hash_id: p.hash_id, title: p.title, avatar_url: p.avatar_url, has_schedule: !!s?.days?.length };
}

/** The create step's data; the live package is included so the page can send the user to edit it instead. */
export async function proposalCreateForm(podcast: PodcastRow, campaignId: number): Promise<ProposalFormPayload> {
  const sponsorship = await findSponsorship(podcast, campaignId);
  return { sponsorship, podcast: podcastSummary(podcast), slots: await podcastCalendar(podcast), package: sponsorship.package };
}

/** The edit step's data, for the user's own package of that campaign; 404 for anyone else's. */
export async function proposalEditForm(
  userId: number,
  podcastFor: (id: number) => Promise<PodcastRow>,
  campaignId: number,
  packageId: number,
): Promise<ProposalFormPayload> {
  const pkg = await findOwnPackage(userId, campaignId, packageId);
  const podcast = await podcastFor(pkg.podcast_id);
  const sponsorship = await findSponsorship(podcast, campaignId);
  // The package's own dates show as available while it is edited.
  const own = new Set((await loadPackage(pkg.id))!.jobs.filter((j) => j.delivery_date && j.ad).map((j) => `${j.ad!.type}|${j.delivery_date}`));
  const slots = (await podcastCalendar(podcast)).map((s) =>
    own.has(`${s.type}|${s.date}`) && s.status !== 'booked' ? { ...s, status: 'available' as const } : s,
  );
  return { sponsorship, podcast: podcastSummary(podcast), slots, package: await loadPackage(pkg.id) };
}

/** The confirmation page: the campaign and the user's latest package for it (or the one named). */
export async function proposalConfirmation(
  userId: number,
  podcastFor: (id: number) => Promise<PodcastRow>,
  campaignId: number,
  packageId: number | null,
): Promise<{ sponsorship: SponsorshipPayload; package: PackagePayload }> {
  const db = await getDb();
  let id = packageId;
  if (id === null) {
    const [latest] = await db
      .select({ id: packages.id })
      .from(packages)
      .where(and(eq(packages.campaign_id, campaignId), eq(packages.podcaster_user_id, userId)))
      .orderBy(desc(packages.id))
      .limit(1);
    if (!latest) throw notFound();
    id = latest.id;
  }
  const pkg = await findOwnPackage(userId, campaignId, id);
  const podcast = await podcastFor(pkg.podcast_id);
  return { sponsorship: await findSponsorship(podcast, campaignId), package: (await loadPackage(pkg.id))! };
}
