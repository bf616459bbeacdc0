/** Rules of the hosting spec shared by the server and the browser (§3, §9). */

/** A redirect counts as active for 2 days after redirecting_at (hosting spec §9). */
export const REDIRECT_ACTIVE_MS = 2 * 24 * 60 * 60 * 1000;

/** True while the hosted podcast counts as redirecting: for 2 days after redirecting_at. */
export function isRedirecting(redirectingAt: Date | string | null | undefined, now: Date | number = Date.now()): boolean {
  if (!redirectingAt) return false;
  const at = typeof redirectingAt === 'string' ? Date.parse(redirectingAt) : redirectingAt.getTime();
  if (Number.isNaN(at)) return false;
  const current = typeof now === 'number' ? now : now.getTime();
  return current < at + REDIRECT_ACTIVE_MS;
}

/**
 * True when two feed URLs name the same feed: compared after URL normalisation, ignoring the scheme
 * (an http:// redirect to our https:// feed still reaches it) and a trailing slash.
 */
export function sameFeedUrl(a: string | null | undefined, b: string | null | undefined): boolean {
  const norm = (raw: string) => {
    try {
      const u = new URL(raw.trim());
      u.hash = '';
      return `${u.host.toLowerCase()}${u.pathname.replace(/\/+$/, '')}${u.search}`;
    } catch {
      return null;
    }
  };
  if (!a || !b) return false;
  const na = norm(a);
  return na !== null && na === norm(b);
}
