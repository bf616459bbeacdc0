/**
 * Sends and edits a proposal (a package with its jobs, core §3): one job per chosen campaign ad, or for
 * several episodes a parent job with one single-episode child per date. Each date must be an available
 * slot of the ad's type. Sending notifies the brand and opens the package's workroom.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, ads, campaignAds, campaigns, opportunities, packageJobs, packages, podcasts } from '../../db';
import { fieldError, fieldErrors, HttpError, notFound, type FieldErrors } from '../../http';
import { notify } from '../../notifications';
import { publishPackageChanged } from './events';
import { ensureOpportunity, livePackageId, openCampaignWhere } from '../sponsorships';
import { transitionOpportunities } from '../deal-status';
import { podcastCalendar, podcastToday, sanitizeHtml } from '../../podcasts';
import { emitDealEvent, runDealTxStep } from '../../domain-events';
import { formatMoney } from '../../../format/money';
import { formatDate } from '../../../format/dates';
import { AD_TYPE_LABELS, DEFAULT_JOB_EPISODES } from '../../../constants';
import { isDay } from '../../../slots';
import { itemPrice } from '../../../proposal-total';
import { PITCH_MAX, pitchLength } from '../../../pitch';
import { loadPackage, type PackagePayload, type PackageRow } from './serialize-package';

/** Most episodes one ad of a proposal may ask for. */
export const MAX_EPISODES = 12;

export const proposalInputSchema = z.object({
  podcast_id: z.number().int().positive().optional(),
  description: z.string().max(100_000),
  jobs: z
    .array(
      z.object({
        campaign_ad_id: z.number().int().positive(),
        fee: z.number().int().min(100, 'The fee must be at least $1.').max(99_999_999_999, 'The fee is too large.'),
        episodes: z.number().int().min(1).max(MAX_EPISODES).default(DEFAULT_JOB_EPISODES),
        dates: z.array(z.string()).max(MAX_EPISODES),
      }),
    )
    .min(1, 'Choose at least one ad.'),
});
export type ProposalInput = z.infer<typeof proposalInputSchema>;

type PodcastRow = typeof podcasts.$inferSelect;
type CampaignRow = typeof campaigns.$inferSelect;

interface Checked {
  podcast: PodcastRow;
  campaign: CampaignRow;
  description: string;
  jobs: Array<{ campaign_ad_id: number; type: 'sponsorship' | 'host'; fee: number; episodes: number; dates: string[] }>;
}

/** Validates a proposal against the campaign and the podcast's calendar, answering every field's first problem. */
async function checkProposal(
  userId: number,
  campaignId: number,
  input: ProposalInput,
  podcast: PodcastRow,
  keepDates: Set<string> = new Set(),
): Promise<Checked> {
  if (podcast.user_id !== userId) throw notFound();
  const db = await getDb();
  const [campaign] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), openCampaignWhere()));
  if (!campaign) throw notFound();
  const errors: FieldErrors = {};
  const description = sanitizeHtml(input.description);
  if (!pitchLength(description)) errors.description = ['Write a pitch for the brand.'];
  else if (pitchLength(description) > PITCH_MAX) errors.description = [`The pitch must not be greater than ${PITCH_MAX} characters.`];
  const adRows = await db
    .select({ id: campaignAds.id, type: ads.type })
    .from(campaignAds)
    .innerJoin(ads, eq(ads.id, campaignAds.ad_id))
    .where(eq(campaignAds.campaign_id, campaign.id));
  const calendar = await podcastCalendar(podcast);
  const today = podcastToday(podcast);
  const seen = new Set<number>();
  const jobs: Checked['jobs'] = [];
  input.jobs.forEach((job, i) => {
    const ad = adRows.find((a) => a.id === job.campaign_ad_id);
    if (!ad || seen.has(job.campaign_ad_id)) {
      errors[`jobs.${i}.campaign_ad_id`] = ['The selected ad is invalid.'];
      return;
    }
    seen.add(ad.id);
    const label = AD_TYPE_LABELS[ad.type];
    const dates = [...new Set(job.dates)];
    if (dates.length !== job.episodes) {
      errors[`jobs.${i}.dates`] = [`Pick ${job.episodes} date${job.episodes > 1 ? 's' : ''} for the ${label} ad.`];
      return;
    }
    for (const date of dates) {
      const ok =
        isDay(date) &&
        date >= today &&
        (keepDates.has(`${ad.type}|${date}`) || calendar.some((s) => s.date === date && s.type === ad.type && s.status === 'available'));
      if (!ok) {
        errors[`jobs.${i}.dates`] = [`${isDay(date) ? formatDate(date) : date} is not an available ${label} slot.`];
        return;
      }
    }
    jobs.push({ campaign_ad_id: ad.id, type: ad.type, fee: job.fee, episodes: job.episodes, dates: dates.sort() });
  });
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return { podcast, campaign, description, jobs };
}

/** The proposal's total: what its items cost, in cents. */
function totalOf(jobs: Checked['jobs']): number {
  return jobs.reduce((sum, job) => sum + itemPrice(job), 0);
}

/** The proposal-details message: what was proposed, in words. */
function summary(podcast: PodcastRow, jobs: Checked['jobs'], total: number, edited: boolean): string {
  const lines = jobs.map(
    (j) =>
      `${AD_TYPE_LABELS[j.type]}: ${j.episodes} episode${j.episodes > 1 ? 's' : ''} at ${formatMoney(j.fee)} each, on ${j.dates.map((d) => formatDate(d)).join(', ')}`,
  );
  return `${edited ? 'Proposal updated' : 'New proposal'} from ${podcast.title}. ${lines.join('; ')}. Total ${formatMoney(total)}.`;
}

async function afterSave(kind: 'created' | 'updated', pkg: PackagePayload, campaign: CampaignRow, podcast: PodcastRow, userId: number): Promise<void> {
  const link = `/campaign/${campaign.id}/new`;
  await notify(campaign.brand_user_id, {
    type: kind === 'created' ? 'proposal.created' : 'proposal.updated',
    title: kind === 'created' ? `New proposal from ${podcast.title}` : `${podcast.title} updated their proposal`,
    description: `${campaign.title}: ${formatMoney(pkg.total_price)}`,
    img: podcast.avatar_url,
    user_id: userId,
    podcast_id: podcast.id,
    link_type: 'campaign',
    link,
  });
  await publishPackageChanged(kind, pkg.id);
  // The proposal's details were posted in the same transaction: the workroom shows them now.
  await emitDealEvent({ step: 'proposed', packageId: pkg.id, jobIds: [], text: '' });
}

/** Sends a proposal for a campaign from one of the user's podcasts. */
export async function createProposal(userId: number, campaignId: number, input: ProposalInput, podcast: PodcastRow): Promise<PackagePayload> {
  const checked = await checkProposal(userId, campaignId, input, podcast);
  const db = await getDb();
  const packageId = await db.transaction(async (tx) => {
    if (await livePackageId(tx, podcast.id, campaignId)) throw fieldError('campaign', 'You have already sent a proposal for this campaign.');
    const [pkg] = await tx
      .insert(packages)
      .values({ description: checked.description, status: 'pending', podcast_id: podcast.id, podcaster_user_id: userId, campaign_id: campaignId })
      .returning();
    // Delivery writes the jobs in this transaction (it owns them).
    await runDealTxStep(tx, 'proposal-jobs', { packageId: pkg!.id, jobs: checked.jobs, replace: false });
    const total = totalOf(checked.jobs);
    await tx.update(packages).set({ total_price: total }).where(eq(packages.id, pkg!.id));
    const opp = await ensureOpportunity(tx, podcast.id, campaignId);
    await transitionOpportunities(tx, eq(opportunities.id, opp.id), 'proposed', { package_id: pkg!.id });
    // The workroom opens in the same transaction (the workrooms domain handles the step).
    await runDealTxStep(tx, 'proposal-saved', {
      packageId: pkg!.id,
      podcastId: podcast.id,
      campaignId,
      opportunityId: opp.id,
      brandUserId: checked.campaign.brand_user_id,
      podcasterUserId: userId,
      content: summary(podcast, checked.jobs, total, false),
    });
    return pkg!.id;
  });
  const payload = (await loadPackage(packageId))!;
  await afterSave('created', payload, checked.campaign, podcast, userId);
  return payload;
}

/** The user's own package of a campaign, or a 404 (someone else's is never shown). */
export async function findOwnPackage(userId: number, campaignId: number | null, packageId: number): Promise<PackageRow> {
  const db = await getDb();
  const [pkg] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, packageId), eq(packages.podcaster_user_id, userId)));
  if (!pkg || (campaignId !== null && pkg.campaign_id !== campaignId)) throw notFound();
  return pkg;
}

/** Edits a pending proposal: the pitch, the ads, fees, episodes and dates; a hired one is final. */
export async function updateProposal(userId: number, campaignId: number, packageId: number, input: ProposalInput): Promise<PackagePayload> {
  const pkg = await findOwnPackage(userId, campaignId, packageId);
  if (pkg.status !== 'pending') throw new HttpError(422, 'Only a pending proposal can be edited.', { package: ['Only a pending proposal can be edited.'] });
  const db = await getDb();
  const [podcast] = await db.select().from(podcasts).where(eq(podcasts.id, pkg.podcast_id));
  // The proposal's own dates stay choosable while editing it.
  const own = await db
    .select({ date: packageJobs.delivery_date, type: ads.type })
    .from(packageJobs)
    .innerJoin(campaignAds, eq(campaignAds.id, packageJobs.campaign_ad_id))
    .innerJoin(ads, eq(ads.id, campaignAds.ad_id))
    .where(eq(packageJobs.package_id, pkg.id));
  const checked = await checkProposal(userId, campaignId, input, podcast!, new Set(own.filter((o) => o.date).map((o) => `${o.type}|${o.date}`)));
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ status: packages.status }).from(packages).where(eq(packages.id, pkg.id)).for('update');
    if (current?.status !== 'pending')
      throw new HttpError(422, 'Only a pending proposal can be edited.', { package: ['Only a pending proposal can be edited.'] });
    await runDealTxStep(tx, 'proposal-jobs', { packageId: pkg.id, jobs: checked.jobs, replace: true });
    const total = totalOf(checked.jobs);
    await tx.update(packages).set({ description: checked.description, total_price: total }).where(eq(packages.id, pkg.id));
    const opp = await ensureOpportunity(tx, pkg.podcast_id, campaignId);
    // The workroom opens in the same transaction (the workrooms domain handles the step).
    await runDealTxStep(tx, 'proposal-saved', {
      packageId: pkg.id,
      podcastId: pkg.podcast_id,
      campaignId,
      opportunityId: opp.id,
      brandUserId: checked.campaign.brand_user_id,
      podcasterUserId: userId,
      content: summary(podcast!, checked.jobs, total, true),
    });
  });
  const payload = (await loadPackage(pkg.id))!;
  await afterSave('updated', payload, checked.campaign, podcast!, userId);
  return payload;
}
