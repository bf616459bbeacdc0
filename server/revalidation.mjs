// Caching rules shared by everything server/ sends itself: hashed assets are immutable for a year,
// and a browser's If-None-Match is compared with an ETag once, here.

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** True when an If-None-Match header names this ETag (weak comparison). */
export function etagMatches(ifNoneMatch, etag) {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
