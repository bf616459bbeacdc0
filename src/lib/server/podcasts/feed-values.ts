/** Values of a podcast feed read the same way everywhere a feed is read (adding a show, importing it). */

/**
 * Seconds of an `itunes:duration`, in any form hosts write it: "1:02:03", "62:03", "3723" or
 * fractional seconds such as "1014.708375" (rounded to whole seconds); null when unreadable.
 */
export function parseDuration(raw: string | null | undefined): number | null {
  if (!raw?.trim()) return null;
  const parts = raw
    .trim()
    .split(':')
    .map((p) => (p.trim() === '' ? Number.NaN : Number(p)));
  if (parts.length > 3 || parts.some((p) => !Number.isFinite(p) || p < 0)) return null;
  const seconds = parts.reduce((total, p) => total * 60 + p, 0);
  return Number.isFinite(seconds) && seconds < 2 ** 31 ? Math.round(seconds) : null;
}

/** "yes"/"true"/"explicit" count as explicit. */
export function parseExplicit(raw: string | null | undefined): boolean {
  return !!raw && ['yes', 'true', 'explicit'].includes(raw.trim().toLowerCase());
}
