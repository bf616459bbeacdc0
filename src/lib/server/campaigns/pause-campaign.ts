/** Pausing and unpausing a running campaign (§4: toggled through calls). */
import { eq } from 'drizzle-orm';
import { getDb, campaigns } from '../db';
import { HttpError } from '../http';
import type { CampaignPayload } from '../../campaign-types';
import { findOwnedCampaign } from './find-campaign';
import { loadCampaignPayload } from './serialize-campaign';
import { sponsorshipsChanged } from './sponsorships-changed';

/** Sets an active campaign to paused, or a paused one back to active; other states answer 422. */
export async function setCampaignPaused(brandUserId: number, campaignId: number, paused: boolean): Promise<CampaignPayload> {
  const campaign = await findOwnedCampaign(brandUserId, campaignId);
  if (!campaign.is_approved) throw new HttpError(422, 'Only approved campaigns can be paused.', { status: ['Only approved campaigns can be paused.'] });
  if (campaign.status !== 'active' && campaign.status !== 'paused') {
    throw new HttpError(422, `An ${campaign.status} campaign cannot be ${paused ? 'paused' : 'resumed'}.`, {
      status: [`An ${campaign.status} campaign cannot be ${paused ? 'paused' : 'resumed'}.`],
    });
  }
  const db = await getDb();
  await db
    .update(campaigns)
    .set({ status: paused ? 'paused' : 'active' })
    .where(eq(campaigns.id, campaign.id));
  await sponsorshipsChanged(campaign.id, paused ? 'paused' : 'active');
  return loadCampaignPayload(campaign.id);
}
