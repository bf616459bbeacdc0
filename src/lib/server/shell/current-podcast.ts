/** A page's current podcast, read from the shell's podcasts (which the page shows anyway). */
import type { AstroCookies } from 'astro';
import type { PodcastRow } from '../podcasts';
import { cookieNames, type SessionUser } from '../users';
import { pickCurrentPodcast } from '../../shell-rules';
import { shellPodcastRows } from './shell-data';

/**
 * A page's current podcast: the current_podcast cookie's, else the first; null when the podcaster has
 * none. Read from the shell's podcasts, which the page shows anyway (API calls use resolvePodcast).
 */
export async function currentPagePodcast(user: SessionUser, cookies: AstroCookies): Promise<PodcastRow | null> {
  const mine = (await shellPodcastRows(user)).map((r) => r.podcast);
  return pickCurrentPodcast(mine, cookies.get(cookieNames().podcast)?.value);
}
