/**
 * The hosting platform of a podcast, derived from the host of its RSS feed (core §3, hosting §9).
 *
 * Mapping rules, in order:
 * 1. A feed URL that does not parse, or has no host, is 'Other'.
 * 2. The second-level label of the host is taken: `feeds.libsyn.com` → `libsyn`,
 *    `anchor.fm` → `anchor`. For two-part public suffixes (`co.uk`, `com.au`, …) the label
 *    before them is used (`feeds.acast.co.uk` → `acast`). An IP address or a single-label
 *    host (localhost) has no second-level label and is 'Self-Hosted'.
 * 3. The label equal to `ourHost` (default 'cuepoint') is our own hosting: `ourName`.
 * 4. A label of a platform of the spec's list maps onto it (table below; `anchor` and
 *    `spotify` are Spotify for Podcasters, `omny` is OmnyStudio, `omnycontent` OmnyContent).
 * 5. A label of another known hosting service or feed proxy (Megaphone, Podtrac, Feedburner,
 *    Castos, RSS.com, …) is 'Other'.
 * 6. Anything else is the podcast's own domain: 'Self-Hosted'.
 */

/** Every platform name of the spec, in its order; '{host}' stands for the product itself. */
export const HOSTING_PLATFORMS = [
  'ART19',
  'Acast',
  'audioBoom',
  'Blubrry',
  'Buzzsprout',
  'Captivate',
  'Fireside',
  'Libsyn',
  'OmnyStudio',
  'OmnyContent',
  'Podbean',
  'Podomatic',
  'Red Circle',
  '{host}',
  'Simplecast',
  'SoundCloud',
  'Spotify for Podcasters',
  'Spreaker',
  'Squarespace',
  'Transistor',
  'Self-Hosted',
  'Other',
] as const;

export type HostingPlatform = (typeof HOSTING_PLATFORMS)[number];

/** The platform list with '{host}' replaced by the product's name, for pickers. */
export function hostingPlatformNames(ourName = 'Cuepoint'): string[] {
  return HOSTING_PLATFORMS.map((p) => (p === '{host}' ? ourName : p));
}

const LABEL_TO_PLATFORM: Record<string, Exclude<HostingPlatform, '{host}' | 'Self-Hosted' | 'Other'>> = {
  art19: 'ART19',
  acast: 'Acast',
  audioboom: 'audioBoom',
  blubrry: 'Blubrry',
  buzzsprout: 'Buzzsprout',
  captivate: 'Captivate',
  fireside: 'Fireside',
  libsyn: 'Libsyn',
  libsynpro: 'Libsyn',
  omny: 'OmnyStudio',
  omnystudio: 'OmnyStudio',
  omnycontent: 'OmnyContent',
  podbean: 'Podbean',
  podomatic: 'Podomatic',
  redcircle: 'Red Circle',
  simplecast: 'Simplecast',
  soundcloud: 'SoundCloud',
  anchor: 'Spotify for Podcasters',
  spotify: 'Spotify for Podcasters',
  spreaker: 'Spreaker',
  squarespace: 'Squarespace',
  transistor: 'Transistor',
};

/** Hosting services and feed proxies that are not in the spec's list: they are 'Other', not self-hosted. */
const OTHER_HOSTING_LABELS = new Set([
  'megaphone',
  'podtrac',
  'feedburner',
  'feedpress',
  'castos',
  'pinecast',
  'podcastics',
  'whooshkaa',
  'ausha',
  'podigee',
  'hubhopper',
  'rss', // rss.com
  'sounder',
  'zencast',
  'podhome',
  'podcastone',
  'iheart',
  'audacy',
  'substack',
  'patreon',
  'supercast',
  'amazonaws',
  'cloudfront',
  'googleusercontent',
  'blogspot',
  'wordpress',
  'podserve',
  'jellypod',
  'audiomeans',
  'podcloud',
  'mixcloud',
  'archive', // archive.org
  'apple',
  'podcasts',
]);

const TWO_PART_SUFFIX_FIRST = new Set(['co', 'com', 'net', 'org', 'gov', 'ac', 'edu']);

/** The second-level label of a host name ('' when the host has none, e.g. an IP address). */
export function secondLevelLabel(host: string): string {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (/^\d+(\.\d+){3}$/.test(h) || h.includes(':')) return '';
  const labels = h.split('.').filter(Boolean);
  if (labels.length < 2) return '';
  const last = labels[labels.length - 1] ?? '';
  const second = labels[labels.length - 2] ?? '';
  if (labels.length >= 3 && last.length === 2 && TWO_PART_SUFFIX_FIRST.has(second)) {
    return labels[labels.length - 3] ?? '';
  }
  return second;
}

/** Names the hosting platform of a feed URL (see the mapping rules above); `ourHost` is our own second-level label (or host). */
export function hostingPlatformName(feedUrl: string | null | undefined, ourHost: string = 'cuepoint', ourName: string = 'Cuepoint'): string {
  if (!feedUrl) return 'Other';
  let host: string;
  try {
    const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(feedUrl.trim()) ? feedUrl.trim() : `https://${feedUrl.trim()}`;
    host = new URL(withScheme).hostname;
  } catch {
    return 'Other';
  }
  if (!host) return 'Other';
  const label = secondLevelLabel(host);
  if (!label) return 'Self-Hosted';
  const ours = ourHost.includes('.') ? secondLevelLabel(ourHost) : ourHost.toLowerCase();
  if (label === ours) return ourName;
  const platform = LABEL_TO_PLATFORM[label];
  if (platform) return platform;
  if (OTHER_HOSTING_LABELS.has(label)) return 'Other';
  return 'Self-Hosted';
}
