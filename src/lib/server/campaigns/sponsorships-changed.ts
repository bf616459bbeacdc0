/**
 * Tells signed-in browsers that the set of sponsorships changed (a campaign was approved, paused or
 * resumed), so open sponsorship lists refresh their counts and offer to reload. It goes on the
 * presence-online channel every signed-in page joins, and carries only the campaign id and its status.
 */
import { broadcast, ONLINE_CHANNEL } from '../realtime';

export const SPONSORSHIPS_CHANGED_EVENT = 'sponsorships.changed';

/** Broadcasts the change; a realtime failure never fails the caller's change. */
export async function sponsorshipsChanged(campaignId: number, status: string): Promise<void> {
  await broadcast(ONLINE_CHANNEL, SPONSORSHIPS_CHANGED_EVENT, { campaign_id: campaignId, status }).catch(() => undefined);
}
