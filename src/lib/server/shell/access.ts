/** The access rules of §4 and §6: role marks, the hosted mark, and the root redirect. */
import { shellPodcastRows } from './shell-data';
import type { SessionUser } from '../users';
import type { Access, RouteDef } from '../../../routes';

/**
 * True when the podcaster has at least one hosted podcast. Read from the shell's figures: the guard asks
 * only for pages, whose shell (or, for a redirect, the next page's) needs them anyway.
 */
export async function hasHostedPodcast(user: SessionUser): Promise<boolean> {
  if (user.type !== 'PODCASTER') return false;
  return (await shellPodcastRows(user)).some((r) => r.hosted !== null);
}

/** Where "home" is for this user. */
export async function homePath(user: SessionUser): Promise<string> {
  if (user.type === 'BRAND') return '/campaigns';
  if (user.type === 'ADMIN') return '/admin';
  return (await hasHostedPodcast(user)) ? '/hosting/dashboard' : '/dashboard';
}

/** True when the signed-in user may open a route with this access mark. */
export async function mayAccess(user: SessionUser, access: Access): Promise<boolean> {
  switch (access) {
    case 'brand':
      return user.type === 'BRAND';
    case 'podcaster':
      return user.type === 'PODCASTER';
    case 'hosted':
      return hasHostedPodcast(user);
    case 'admin':
      return user.type === 'ADMIN';
    default:
      return true;
  }
}

const EXEMPT_FROM_ROOT_REDIRECT = new Set(['verify.email', 'logout', 'verification', 'unsubscribed', 'page404', 'icons']);

/**
 * The root redirect of §4 for a signed-in user: unverified email first, then an incomplete podcaster
 * profile, then (only from home) the role's landing page. Null when the user may stay.
 */
export async function rootRedirect(user: SessionUser, route: RouteDef): Promise<string | null> {
  if (EXEMPT_FROM_ROOT_REDIRECT.has(route.name)) return null;
  if (user.imitatedBy === null && !user.row.email_verified_at) return '/verify/email';
  if (user.type === 'PODCASTER' && !user.podcaster?.is_completed && route.name !== 'onboarding') return '/onboarding';
  if (route.name === 'home') return homePath(user);
  return null;
}
