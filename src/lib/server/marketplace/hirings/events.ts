/** The hirings domain's realtime event: `hiring.created` / `hiring.updated` to the brand and the podcaster, after commit. */
import type { hirings } from '../../db';
import { broadcast } from '../../realtime';

/** Tells both sides of a hiring that it was created or changed. */
export async function publishHiringChanged(kind: 'created' | 'updated', hiring: typeof hirings.$inferSelect): Promise<void> {
  await broadcast([`private-users.${hiring.brand_user_id}`, `private-users.${hiring.podcaster_user_id}`], `hiring.${kind}`, {
    id: hiring.id,
    campaign_id: hiring.campaign_id,
    package_id: hiring.package_id,
    podcast_id: hiring.podcast_id,
    job_ids: hiring.job_ids,
    total_price: hiring.total_price,
    status: hiring.status,
    updated_at: hiring.updated_at.toISOString(),
  });
}
