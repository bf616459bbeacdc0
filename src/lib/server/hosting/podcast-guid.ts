/** The Podcasting 2.0 `podcast:guid` a show gets when its feed has none. */
import { createHash } from 'node:crypto';

/** The namespace UUID of podcast:guid (ead4c236-bf58-58c6-a2c6-a6b28d128cb6). */
const PODCAST_GUID_NS = Buffer.from('ead4c236bf5858c6a2c6a6b28d128cb6', 'hex');

/** UUIDv5 of the feed URL without its scheme and trailing slashes, in the podcast namespace (the spec's rule). */
export function podcastGuid(feedUrl: string): string {
  const name = feedUrl.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '');
  const hash = createHash('sha1')
    .update(Buffer.concat([PODCAST_GUID_NS, Buffer.from(name)]))
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
