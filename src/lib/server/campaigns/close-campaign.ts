/**
 * Closing a campaign (issue 12): once every hired ad of it is completed (verified on air) or dropped,
 * the brand closes it; a closed campaign takes no more proposals (proposals read only open campaigns).
 */
import { and, eq, isNull, notInArray } from 'drizzle-orm';
import { getDb, campaigns, packageJobs, packages } from '../db';
import { HttpError } from '../http';
import type { CampaignPayload } from '../../campaign-types';
import { sponsorshipsChanged } from './sponsorships-changed';
import { findOwnedCampaign } from './find-campaign';
import { loadCampaignPayload } from './serialize-campaign';

const refuse = (message: string) => new HttpError(422, message, { status: [message] });

/** Sets the brand's campaign to closed when none of its hired ads is still open; a 422 says why not. */
export async function closeCampaign(brandUserId: number, campaignId: number): Promise<CampaignPayload> {
  const campaign = await findOwnedCampaign(brandUserId, campaignId);
  if (campaign.status === 'closed') return loadCampaignPayload(campaign.id);
  const db = await getDb();
  const open = await db
    .select({ id: packageJobs.id })
    .from(packageJobs)
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .where(
      and(
        eq(packages.campaign_id, campaign.id),
        eq(packages.status, 'hired'),
        eq(packageJobs.is_episode, true),
        isNull(packageJobs.declined_at),
        notInArray(packageJobs.status, ['completed', 'dropped']),
      ),
    );
  if (open.length)
    throw refuse(
      `${open.length === 1 ? 'One hired ad is' : `${open.length} hired ads are`} still open: a campaign closes once every ad is completed or dropped.`,
    );
  await db.update(campaigns).set({ status: 'closed' }).where(eq(campaigns.id, campaign.id));
  await sponsorshipsChanged(campaign.id, 'closed');
  return loadCampaignPayload(campaign.id);
}
