/** Closing every running campaign of a brand whose account is deleted: podcasters stop seeing them. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db';
import { campaigns } from '../db';

/** Sets the brand's active and paused campaigns to closed (inside the caller's transaction); answers how many. */
export async function closeBrandCampaigns(tx: Tx, brandUserId: number): Promise<number> {
  const closed = await tx
    .update(campaigns)
    .set({ status: 'closed' })
    .where(and(eq(campaigns.brand_user_id, brandUserId), inArray(campaigns.status, ['active', 'paused'])))
    .returning({ id: campaigns.id });
  return closed.length;
}
