/**
 * The one transition module of a hosted episode's status: `current` is published (live in the feed from
 * its published_at on, so a future date is scheduled), `draft` is unpublished. Publishing a draft whose
 * date has passed dates it now, so it reaches the top of the feed; a future date stays as scheduled.
 */
import type { episodes } from '../db';
import { now as clockNow } from '../clock';
import { HttpError } from '../http';
import type { EpisodeState } from '../../hosting-rules';
import { updateEpisode } from '../podcasts';

type Status = (typeof episodes.$inferSelect)['status'];

/** The allowed changes of a hosted episode's status. */
export const EPISODE_TRANSITIONS: Record<'publish' | 'unpublish', { from: Status[]; to: Status }> = {
  publish: { from: ['draft'], to: 'current' },
  unpublish: { from: ['current'], to: 'draft' },
};

/** Draft, scheduled or published, as the episode list shows it. */
export function episodeState(e: { status: Status; published_at: Date | null }, now = clockNow()): EpisodeState {
  if (e.status !== 'current') return 'draft';
  return e.published_at && e.published_at.getTime() > now.getTime() ? 'scheduled' : 'published';
}

/** Applies a transition to the episode row; a 422 when the episode is not in a state it starts from. */
export async function transitionEpisode(episode: typeof episodes.$inferSelect, action: keyof typeof EPISODE_TRANSITIONS, now = clockNow()) {
  const rule = EPISODE_TRANSITIONS[action];
  if (!rule.from.includes(episode.status)) {
    const message = action === 'publish' ? 'This episode is already published.' : 'This episode is not published.';
    throw new HttpError(422, message, { status: [message] });
  }
  const published_at = action === 'publish' && (!episode.published_at || episode.published_at.getTime() <= now.getTime()) ? now : episode.published_at;
  return updateEpisode(episode.id, { status: rule.to, published_at });
}
