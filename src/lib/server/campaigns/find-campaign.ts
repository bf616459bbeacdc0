/** Looks up campaigns scoped to their brand. */
import { and, eq } from 'drizzle-orm';
import { getDb, type Db, type Tx, campaigns } from '../db';
import { notFound } from '../http';

export type CampaignRow = typeof campaigns.$inferSelect;

/** The brand's own campaign, or a 404 (someone else's campaign is never revealed). */
export async function findOwnedCampaign(brandUserId: number, campaignId: number, db?: Db | Tx): Promise<CampaignRow> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.brand_user_id, brandUserId)));
  if (!row) throw notFound();
  return row;
}
