/**
 * The realtime events of proposals (packages) and their jobs, published after the change is committed
 * to both sides: the campaign's brand and the podcaster. `package.created` / `package.updated` carry the
 * package's state; `job.updated` a job's status and delivery date.
 */
import { eq, inArray } from 'drizzle-orm';
import { getDb, campaigns, packageJobs, packages } from '../../db';
import { broadcast } from '../../realtime';

const channels = (brandUserId: number, podcasterUserId: number) => [`private-users.${brandUserId}`, `private-users.${podcasterUserId}`];

/** A proposal was sent (created) or changed: edited, withdrawn, starred, rated, declined or hired (updated). */
export async function publishPackageChanged(kind: 'created' | 'updated', packageId: number): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ pkg: packages, brand: campaigns.brand_user_id })
    .from(packages)
    .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .where(eq(packages.id, packageId));
  if (!row) return;
  const p = row.pkg;
  await broadcast(channels(row.brand, p.podcaster_user_id), `package.${kind}`, {
    id: p.id,
    campaign_id: p.campaign_id,
    podcast_id: p.podcast_id,
    status: p.status,
    total_price: p.total_price,
    updated_at: p.updated_at.toISOString(),
  });
}

/** Jobs changed status or delivery date (in review, completed, back in progress, declined, rescheduled). */
export async function publishJobsUpdated(jobIds: number[]): Promise<void> {
  if (jobIds.length === 0) return;
  const db = await getDb();
  const rows = await db
    .select({ job: packageJobs, podcaster: packages.podcaster_user_id, campaign_id: packages.campaign_id, brand: campaigns.brand_user_id })
    .from(packageJobs)
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .where(inArray(packageJobs.id, jobIds));
  for (const r of rows) {
    await broadcast(channels(r.brand, r.podcaster), 'job.updated', {
      id: r.job.id,
      package_id: r.job.package_id,
      campaign_id: r.campaign_id,
      status: r.job.status,
      delivery_date: r.job.delivery_date,
      has_reject_deliverable: r.job.has_reject_deliverable,
      declined_at: r.job.declined_at?.toISOString() ?? null,
    });
  }
}
