/** The podcasts domain's realtime event, published after the change is committed: `podcast.updated` on the owner's channel. */
import type { podcasts } from '../db';
import { broadcast } from '../realtime';

export type PodcastChange = 'created' | 'updated' | 'deleted' | 'verified';

/** Tells the owner's open screens that a podcast was created, updated, deleted or verified. */
export async function publishPodcastUpdated(action: PodcastChange, podcast: typeof podcasts.$inferSelect): Promise<void> {
  await broadcast(`private-users.${podcast.user_id}`, 'podcast.updated', {
    action,
    podcast: {
      id: podcast.id,
      hash_id: podcast.hash_id,
      title: podcast.title,
      avatar_url: podcast.avatar_url,
      is_premium: podcast.is_premium,
      verified_at: podcast.verified_at?.toISOString() ?? null,
      updated_at: podcast.updated_at.toISOString(),
    },
  });
}
