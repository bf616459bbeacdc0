/**
 * The public RSS 2.0 feed of a hosted podcast (hosting issue §7): iTunes and Podcasting 2.0
 * namespaces, every tag Apple requires (title, description, itunes:image, language, itunes:category,
 * itunes:explicit; per item title, enclosure, guid), the original GUIDs, enclosures served by
 * Cuepoint, and itunes:new-feed-url naming the feed itself. Only episodes with hosted audio are
 * items (the marketplace's listing of a show's episodes has no audio of ours).
 */
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { categories, episodes, hostedPodcasts, podcasts, users } from '../db/schema';
import { createHash } from 'node:crypto';
import { config } from '../config';
import { hostedFeedUrl } from './hosted-feed-url';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/** Apple's category names for the catalogue's categories (the ones that differ in wording). */
const APPLE_CATEGORY: Record<string, string> = { Science: 'Science', Technology: 'Technology', Fiction: 'Fiction', Business: 'Business', Leisure: 'Leisure' };

function hms(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

export interface BuiltFeed {
  xml: string;
  lastModified: Date;
}

interface ChannelSettings {
  title?: string;
  description?: string;
  link?: string | null;
  language?: string;
  author?: string | null;
  owner_name?: string | null;
  owner_email?: string | null;
  artwork?: string | null;
  explicit?: boolean;
  categories?: string[];
  copyright?: string | null;
  type?: 'episodic' | 'serial';
  category_id?: number | null;
}

/** Builds the feed of the hosted podcast with this hash id, or null when there is none. */
export async function buildHostedFeed(podcastHash: string): Promise<BuiltFeed | null> {
  const db = await getDb();
  const [row] = await db
    .select({ podcast: podcasts, hosted: hostedPodcasts, owner: { first: users.first_name, last: users.last_name, email: users.email } })
    .from(podcasts)
    .innerJoin(hostedPodcasts, eq(hostedPodcasts.podcast_id, podcasts.id))
    .innerJoin(users, eq(users.id, podcasts.user_id))
    .where(eq(podcasts.hash_id, podcastHash));
  if (!row) return null;
  const { podcast, hosted, owner } = row;
  const ch = ((hosted.settings as { channel?: ChannelSettings }).channel ?? {}) as ChannelSettings;
  const feedSettings = ((hosted.settings as { feed?: ChannelSettings }).feed ?? {}) as ChannelSettings;
  const c: ChannelSettings = { ...ch, ...Object.fromEntries(Object.entries(feedSettings).filter(([, v]) => v !== undefined && v !== null && v !== '')) };
  const items = await db
    .select()
    .from(episodes)
    .where(and(eq(episodes.podcast_id, podcast.id), inArray(episodes.status, ['current']), isNotNull(episodes.enclosure_url)))
    .orderBy(desc(episodes.published_at), desc(episodes.id));
  const categoryId = feedSettings.category_id ?? podcast.category_id;
  const [category] = categoryId ? await db.select({ title: categories.title }).from(categories).where(eq(categories.id, categoryId)) : [];

  const self = hosted.url ?? hostedFeedUrl(podcast.hash_id);
  const title = c.title ?? podcast.title;
  const description = c.description || podcast.about || title;
  const author = c.author || `${owner.first} ${owner.last}`.trim() || title;
  const ownerEmail = c.owner_email || podcast.email || owner.email;
  const artwork = c.artwork ?? podcast.avatar_url;
  const cats =
    feedSettings.category_id && category
      ? [APPLE_CATEGORY[category.title] ?? category.title]
      : c.categories?.length
        ? c.categories
        : category
          ? [APPLE_CATEGORY[category.title] ?? category.title]
          : ['Society & Culture'];
  const lastModified = new Date(Math.max(hosted.updated_at.getTime(), podcast.updated_at.getTime(), ...items.map((e) => e.updated_at.getTime())));
  lastModified.setMilliseconds(0);

  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
  );
  out.push('<channel>');
  out.push(`<title>${esc(title)}</title>`);
  out.push(`<link>${esc(c.link || `${config().appUrl}/podcast/${podcast.hash_id}`)}</link>`);
  out.push(`<description>${cdata(description)}</description>`);
  out.push(`<language>${esc(c.language || 'en')}</language>`);
  if (c.copyright) out.push(`<copyright>${esc(c.copyright)}</copyright>`);
  out.push(`<lastBuildDate>${lastModified.toUTCString()}</lastBuildDate>`);
  out.push('<generator>Cuepoint</generator>');
  out.push(`<atom:link href="${esc(self)}" rel="self" type="application/rss+xml"/>`);
  out.push(`<itunes:new-feed-url>${esc(self)}</itunes:new-feed-url>`);
  out.push(`<itunes:author>${esc(author)}</itunes:author>`);
  out.push(`<itunes:summary>${cdata(description)}</itunes:summary>`);
  out.push(`<itunes:type>${c.type ?? 'episodic'}</itunes:type>`);
  out.push(`<itunes:owner><itunes:name>${esc(c.owner_name || author)}</itunes:name><itunes:email>${esc(ownerEmail)}</itunes:email></itunes:owner>`);
  if (artwork) {
    out.push(`<itunes:image href="${esc(artwork)}"/>`);
    out.push(`<image><url>${esc(artwork)}</url><title>${esc(title)}</title><link>${esc(c.link || self)}</link></image>`);
  }
  for (const cat of [...new Set(cats)].slice(0, 2)) out.push(`<itunes:category text="${esc(cat)}"/>`);
  out.push(`<itunes:explicit>${c.explicit ? 'true' : 'false'}</itunes:explicit>`);
  out.push(`<podcast:locked owner="${esc(ownerEmail)}">yes</podcast:locked>`);
  out.push(`<podcast:guid>${esc(podcastGuid(self))}</podcast:guid>`);
  for (const e of items) {
    out.push('<item>');
    out.push(`<title>${esc(e.title)}</title>`);
    out.push(`<description>${cdata(e.description || e.title)}</description>`);
    out.push(`<content:encoded>${cdata(e.description || e.title)}</content:encoded>`);
    if (e.url) out.push(`<link>${esc(e.url)}</link>`);
    out.push(`<guid isPermaLink="false">${esc(e.guid ?? e.hash_id)}</guid>`);
    if (e.published_at) out.push(`<pubDate>${e.published_at.toUTCString()}</pubDate>`);
    if (e.enclosure_url)
      out.push(`<enclosure url="${esc(e.enclosure_url)}" length="${e.enclosure_length ?? 0}" type="${esc(e.enclosure_type ?? 'audio/mpeg')}"/>`);
    if (e.duration != null) out.push(`<itunes:duration>${hms(e.duration)}</itunes:duration>`);
    if (e.season != null) out.push(`<itunes:season>${e.season}</itunes:season><podcast:season>${e.season}</podcast:season>`);
    if (e.episode_number != null) out.push(`<itunes:episode>${e.episode_number}</itunes:episode><podcast:episode>${e.episode_number}</podcast:episode>`);
    out.push(`<itunes:episodeType>full</itunes:episodeType>`);
    out.push(`<itunes:explicit>${e.explicit ? 'true' : 'false'}</itunes:explicit>`);
    if (e.artwork_url) out.push(`<itunes:image href="${esc(e.artwork_url)}"/>`);
    out.push('</item>');
  }
  out.push('</channel>');
  out.push('</rss>');
  return { xml: out.join('\n'), lastModified };
}

/** The Podcasting 2.0 GUID: a UUIDv5 of the feed URL without scheme, in the podcast namespace. */
export function podcastGuid(feedUrl: string): string {
  // The namespace UUID of podcast:guid (ead4c236-bf58-58c6-a2c6-a6b28d128cb6) hashed with the URL, per the spec.
  const ns = Buffer.from('ead4c236bf5858c6a2c6a6b28d128cb6', 'hex');
  const name = feedUrl.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '');
  const hash = createHash('sha1')
    .update(Buffer.concat([ns, Buffer.from(name)]))
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
