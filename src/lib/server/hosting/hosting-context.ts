/**
 * Which hosted podcast a hosting page or call is about, and the four cases of the hosting wrapper
 * (hosting spec §2), in order: not hosted, not verified, onboarding, the page itself.
 */
import type { AstroCookies } from 'astro';
import { config } from '../config';
import { listUserPodcasts } from '../podcasts/list-podcasts';
import { cookieNames } from '../session/cookies';
import { pickCurrentPodcast } from '../../shell-rules';
import type { PodcastPayload } from '../../types';

export type HostingCase = 'not-hosted' | 'unverified' | 'onboarding' | 'page';

export interface HostingContext {
  case: HostingCase;
  podcast: PodcastPayload | null;
  supportEmail: string;
}

/** The wrapper's decision for the user's current podcast. */
export async function hostingContext(userId: number, cookies: AstroCookies): Promise<HostingContext> {
  const podcasts = await listUserPodcasts(userId);
  const podcast = pickCurrentPodcast(podcasts, cookies.get(cookieNames().podcast)?.value);
  const supportEmail = config().supportEmail;
  if (!podcast?.hosted) return { case: 'not-hosted', podcast, supportEmail };
  if (!podcast.verified_at) return { case: 'unverified', podcast, supportEmail };
  if (!podcast.hosted.is_completed) return { case: 'onboarding', podcast, supportEmail };
  return { case: 'page', podcast, supportEmail };
}

/** The current podcast id from the cookie (or the first podcast), for calls that carry none. */
export async function currentPodcastId(userId: number, cookieValue: string | undefined): Promise<number | null> {
  const podcasts = await listUserPodcasts(userId);
  return pickCurrentPodcast(podcasts, cookieValue)?.id ?? null;
}
