/** Expiry: a running campaign past its delivery date plus expired_days becomes expired. */
import { today as clockToday } from '../clock';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { getDb, campaigns } from '../db';

/** Expires every active or paused campaign whose delivery date plus expired_days is before today; answers how many. */
export async function expireCampaigns(today = clockToday()): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(campaigns)
    .set({ status: 'expired' })
    .where(
      and(
        inArray(campaigns.status, ['active', 'paused']),
        isNotNull(campaigns.delivery_date),
        sql`${campaigns.delivery_date} + ${campaigns.expired_days} * interval '1 day' < ${today}::date`,
      ),
    )
    .returning({ id: campaigns.id });
  return rows.length;
}
