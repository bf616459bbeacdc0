/**
 * Which hosted podcast a hosting page or call is about, and the four cases of the hosting wrapper
 * (hosting spec §2), in order: not hosted, not verified, onboarding, the page itself.
 */
import type { AstroCookies } from 'astro';
import { config } from '../config';
import { listUserPodcasts } from '../podcasts';
import { cookieNames, cookieOptions } from '../users';
import { shellPodcasts } from '../shell';
import type { SessionUser } from '../users';
import { PAYOUT_ERROR_COOKIE, PAYOUT_SUCCESS_COOKIE } from './connect-payouts';
import { pickCurrentPodcast } from '../../shell-rules';
import type { PodcastPayload } from '../../types';

export type HostingCase = 'not-hosted' | 'unverified' | 'onboarding' | 'page';

export interface HostingContext {
  case: HostingCase;
  podcast: PodcastPayload | null;
  supportEmail: string;
  /** The payout return cookies (hosting §4), read once and cleared. */
  payoutCookie: { success: string | null; error: string | null };
}

/** The wrapper's decision for the user's current podcast (a page's: its podcasts are the shell's). */
export async function hostingContext(user: SessionUser, cookies: AstroCookies): Promise<HostingContext> {
  const podcasts = await shellPodcasts(user);
  const podcast = pickCurrentPodcast(podcasts, cookies.get(cookieNames().podcast)?.value);
  const supportEmail = config().supportEmail;
  const none = { success: null, error: null };
  if (!podcast?.hosted) return { case: 'not-hosted', podcast, supportEmail, payoutCookie: none };
  if (!podcast.verified_at) return { case: 'unverified', podcast, supportEmail, payoutCookie: none };
  if (!podcast.hosted.is_completed) {
    const payoutCookie = { success: cookies.get(PAYOUT_SUCCESS_COOKIE)?.value ?? null, error: cookies.get(PAYOUT_ERROR_COOKIE)?.value ?? null };
    if (payoutCookie.success) cookies.delete(PAYOUT_SUCCESS_COOKIE, cookieOptions());
    if (payoutCookie.error) cookies.delete(PAYOUT_ERROR_COOKIE, cookieOptions());
    return { case: 'onboarding', podcast, supportEmail, payoutCookie };
  }
  return { case: 'page', podcast, supportEmail, payoutCookie: none };
}

/** The current podcast id from the cookie (or the first podcast), for calls that carry none. */
export async function currentPodcastId(userId: number, cookieValue: string | undefined): Promise<number | null> {
  const podcasts = await listUserPodcasts(userId);
  return pickCurrentPodcast(podcasts, cookieValue)?.id ?? null;
}
