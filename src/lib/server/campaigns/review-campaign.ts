/** The admin's approval of submitted campaigns: approve, or reject with a reason mailed to the brand. */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { config } from '../config';
import { getDb, brands, campaigns, users } from '../db';
import { HttpError, notFound } from '../http';
import { renderMail, queueMail } from '../mail';
import { notify } from '../notifications';
import type { CampaignPayload } from '../../campaign-types';
import { serializeCampaigns } from './serialize-campaign';
import { sponsorshipsChanged } from './sponsorships-changed';

export interface PendingCampaign extends CampaignPayload {
  brand_name: string;
  brand_email: string;
}

/** Submitted campaigns waiting for a decision, oldest first. */
export async function listPendingCampaigns(): Promise<PendingCampaign[]> {
  const db = await getDb();
  const rows = await db
    .select({ c: campaigns, brand: brands.name, email: users.email })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.brand_user_id))
    .leftJoin(brands, eq(brands.user_id, campaigns.brand_user_id))
    .where(and(isNotNull(campaigns.submitted_at), eq(campaigns.is_approved, false), isNull(campaigns.rejection_reason)))
    .orderBy(asc(campaigns.submitted_at));
  const payloads = await serializeCampaigns(rows.map((r) => r.c));
  return payloads.map((p, i) => ({ ...p, brand_name: rows[i]!.brand ?? '', brand_email: rows[i]!.email }));
}

async function pending(campaignId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ c: campaigns, email: users.email, first: users.first_name })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.brand_user_id))
    .where(eq(campaigns.id, campaignId));
  if (!row) throw notFound();
  if (!row.c.submitted_at || row.c.is_approved || row.c.rejection_reason) throw new HttpError(422, 'This campaign is not waiting for approval.');
  return row;
}

/** Approves a submitted campaign: podcasters see it from now on. */
export async function approveCampaign(campaignId: number): Promise<void> {
  const row = await pending(campaignId);
  const db = await getDb();
  await db.update(campaigns).set({ is_approved: true, status: 'active' }).where(eq(campaigns.id, campaignId));
  await sponsorshipsChanged(campaignId, 'active');
  await notify(row.c.brand_user_id, {
    type: 'campaign.approved',
    title: 'Campaign approved',
    description: `“${row.c.title}” is live: podcasters can now send proposals.`,
    link_type: 'campaign',
    link: `/campaign/${campaignId}/new`,
  });
}

/** Rejects a submitted campaign with a reason, which is mailed to the brand. */
export async function rejectCampaign(campaignId: number, reason: string): Promise<void> {
  const text = reason.trim();
  if (!text) throw new HttpError(422, 'The reason field is required.', { reason: ['The reason field is required.'] });
  if (text.length > 2000)
    throw new HttpError(422, 'The reason must not be greater than 2000 characters.', { reason: ['The reason must not be greater than 2000 characters.'] });
  const row = await pending(campaignId);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.update(campaigns).set({ rejection_reason: text, is_approved: false }).where(eq(campaigns.id, campaignId));
    await queueMail(
      renderMail({
        to: row.email,
        subject: `Your campaign “${row.c.title}” was not approved`,
        greeting: `Hi ${row.first || 'there'},`,
        lines: [
          `We reviewed your campaign “${row.c.title}” and could not approve it yet.`,
          `Reason: ${text}`,
          'Edit the campaign and submit it again from the review step.',
        ],
        action: { label: 'Edit the campaign', url: `${config().appUrl}/campaign/${campaignId}/edit/details` },
      }),
      tx,
    );
  });
  await notify(row.c.brand_user_id, {
    type: 'campaign.rejected',
    title: 'Campaign not approved',
    description: `“${row.c.title}”: ${text}`,
    link_type: 'campaign',
    link: `/campaign/${campaignId}/edit/details`,
  });
}
