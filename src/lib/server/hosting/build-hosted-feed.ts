/**
 * The public RSS 2.0 feed of a hosted podcast, written with fast-xml-parser's XMLBuilder (escaping and
 * structure by the library, never by string concatenation): the iTunes tags Apple requires, Apple
 * categories nested as category > subcategory, the show's podcast:guid exactly as kept, podcast:locked
 * with the owner's email, every Podcasting 2.0 element the import kept (funding, person, value,
 * medium, …), the old feed's plain tags as written (managingEditor, author, itunes:keywords; per
 * item itunes:author, itunes:keywords, dc:creator and itunes:duration), and per episode the original GUID, the
 * enclosure served by Cuepoint, transcripts, chapters, season, episode number and type. Only
 * published episodes whose date has come are items, so a scheduled episode appears from its date. The feed names a new feed URL only once the show has
 * left (settings.moved_to); it then answers 301 to that address with the same body.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, isNotNull, lte, or, isNull } from 'drizzle-orm';
import { XMLBuilder } from 'fast-xml-parser';
import { appleCategoryOf, isAppleCategory, type ItunesCategoryPair } from '../../apple-categories';
import { now as clockNow } from '../clock';
import { config } from '../config';
import { getDb, categories, episodes, hostedFeedStates, hostedPodcasts, podcasts, users } from '../db';
import { hostedFeedUrl } from './hosted-feed-url';
import { PODCAST_NS, episodeTagsOf, episodeWording } from './podcast-tags';
import { podcastGuid } from './podcast-guid';
import { suppliedItemChapters } from './item-chapters';

export { podcastGuid };

export interface HostedFeed {
  /** 200, or 301 once the show has moved to another host. */
  status: 200 | 301;
  /** Where the show moved to (the Location of the 301). */
  location: string | null;
  xml: string;
  /** A hash of the content: the same feed, the same ETag. */
  etag: string;
  /** When the content last changed (also the feed's lastBuildDate). */
  lastModified: Date;
}

/** The channel values the import read (settings.channel) and the podcaster saved (settings.feed). */
export interface ChannelSettings {
  title?: string;
  description?: string;
  link?: string | null;
  language?: string;
  author?: string | null;
  owner_name?: string | null;
  owner_email?: string | null;
  artwork?: string | null;
  explicit?: boolean;
  /** Imported categories (older imports stored plain names). */
  categories?: Array<ItunesCategoryPair | string>;
  itunes_category?: ItunesCategoryPair | null;
  copyright?: string | null;
  type?: 'episodic' | 'serial';
  category_id?: number | null;
  podcast_guid?: string;
  medium?: string | null;
  funding_url?: string | null;
  funding_text?: string | null;
  podcast_tags?: Record<string, unknown>;
  /** Imported as written: RSS managingEditor, the plain <author> some hosts write, itunes:keywords. */
  managing_editor?: string | null;
  rss_author?: string | null;
  keywords?: string | null;
  /** The old feed's itunes:summary, written while the description is still the one it came with (summary_of). */
  summary?: string | null;
  summary_of?: string | null;
  /** The old channel's elements the hosted feed does not write, and the namespaces of every kept element (kept-elements.ts). */
  kept?: Record<string, unknown>;
  namespaces?: Record<string, string>;
  /** The old RSS <image>'s width, height and description, written beside its url, title and link. */
  image_extra?: Record<string, unknown>;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  cdataPropName: '__cdata',
  format: false,
  suppressEmptyNode: true,
  // An attribute "true" (podcast:alternateEnclosure default="true") is written with its value, as XML requires.
  suppressBooleanAttributes: false,
  processEntities: true,
});

const cdata = (html: string) => ({ __cdata: html.replace(/]]>/g, ']]&gt;') });
const nonEmpty = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The channel settings in force: what the podcaster saved over what the import read. */
export function channelSettingsOf(settings: Record<string, unknown>): ChannelSettings {
  const imported = (settings.channel ?? {}) as ChannelSettings;
  const saved = (settings.feed ?? {}) as ChannelSettings;
  return { ...imported, ...Object.fromEntries(Object.entries(saved).filter(([, v]) => nonEmpty(v))) };
}

/**
 * The categories of the feed, grouped for nesting: the podcaster's choice, else the imported ones as the
 * old feed wrote them (one Apple no longer lists stays until the podcaster picks on Confirm migration or
 * in Feed Settings: never swapped), else the catalogue's.
 */
function categoryPairs(c: ChannelSettings, catalogueTitle: string | null): ItunesCategoryPair[] {
  if (c.itunes_category && isAppleCategory(c.itunes_category)) return [c.itunes_category];
  // Older imports stored plain names ("Performing Arts" is Arts > Performing Arts).
  const imported = (c.categories ?? []).map((p) => (typeof p === 'string' ? (appleCategoryOf(p) ?? { category: p, subcategory: null }) : p));
  if (imported.length) return imported;
  return [(catalogueTitle && appleCategoryOf(catalogueTitle)) || { category: 'Society & Culture', subcategory: null }];
}

function nestCategories(pairs: ItunesCategoryPair[]): Array<Record<string, unknown>> {
  const byCategory = new Map<string, string[]>();
  for (const p of pairs) {
    const subs = byCategory.get(p.category) ?? [];
    if (p.subcategory && !subs.includes(p.subcategory)) subs.push(p.subcategory);
    byCategory.set(p.category, subs);
  }
  return [...byCategory].map(([category, subs]) => ({
    '@_text': category,
    ...(subs.length ? { 'itunes:category': subs.map((s) => ({ '@_text': s })) } : {}),
  }));
}

/** The stored validator of the feed: moves only when the content hash does. */
async function feedState(hostedId: number, etag: string, now: Date): Promise<Date> {
  const db = await getDb();
  const [state] = await db.select().from(hostedFeedStates).where(eq(hostedFeedStates.hosted_podcast_id, hostedId));
  if (state?.etag === etag) return state.changed_at;
  const changedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  await db
    .insert(hostedFeedStates)
    .values({ hosted_podcast_id: hostedId, etag, changed_at: changedAt })
    .onConflictDoUpdate({ target: hostedFeedStates.hosted_podcast_id, set: { etag, changed_at: changedAt } });
  return changedAt;
}

/** Builds the feed of the hosted podcast with this hash id, or null when there is none. */
export async function buildHostedFeed(podcastHash: string, now = clockNow()): Promise<HostedFeed | null> {
  const db = await getDb();
  const [row] = await db
    .select({ podcast: podcasts, hosted: hostedPodcasts, owner: { first: users.first_name, last: users.last_name, email: users.email } })
    .from(podcasts)
    .innerJoin(hostedPodcasts, eq(hostedPodcasts.podcast_id, podcasts.id))
    .innerJoin(users, eq(users.id, podcasts.user_id))
    .where(eq(podcasts.hash_id, podcastHash));
  if (!row) return null;
  const { podcast, hosted, owner } = row;
  const c = channelSettingsOf(hosted.settings);
  const items = await db
    .select()
    .from(episodes)
    .where(
      and(
        eq(episodes.podcast_id, podcast.id),
        eq(episodes.status, 'current'),
        isNotNull(episodes.enclosure_url),
        or(isNull(episodes.published_at), lte(episodes.published_at, now)),
      ),
    )
    .orderBy(desc(episodes.published_at), desc(episodes.id));
  const categoryId = c.category_id ?? (hosted.settings.itunes_category_id as number | undefined) ?? podcast.category_id;
  const [catalogue] = categoryId ? await db.select({ title: categories.title }).from(categories).where(eq(categories.id, categoryId)) : [];

  const self = hosted.url ?? hostedFeedUrl(podcast.hash_id);
  const movedTo = typeof hosted.settings.moved_to === 'string' ? hosted.settings.moved_to : null;
  const title = c.title || podcast.title;
  const description = c.description || podcast.about || title;
  const author = c.author || `${owner.first} ${owner.last}`.trim() || title;
  const ownerEmail = c.owner_email || podcast.email || owner.email;
  const artwork = c.artwork || podcast.avatar_url;
  const link = c.link || `${config().appUrl}/podcast/${podcast.hash_id}`;
  const extra: Record<string, unknown> = { ...(c.podcast_tags ?? {}) };
  if (c.medium) extra['podcast:medium'] = c.medium;
  if (c.funding_url) extra['podcast:funding'] = { '@_url': c.funding_url, '#text': c.funding_text || 'Support the show' };

  const supplied = await suppliedItemChapters(items);
  const channel: Record<string, unknown> = {
    title,
    link,
    description: cdata(description),
    language: c.language || 'en',
    ...(c.copyright ? { copyright: c.copyright } : {}),
    ...(c.managing_editor ? { managingEditor: c.managing_editor } : {}),
    ...(c.rss_author ? { author: c.rss_author } : {}),
    generator: 'Cuepoint',
    'atom:link': { '@_href': self, '@_rel': 'self', '@_type': 'application/rss+xml' },
    // Only a show that left names a new feed URL; before that the feed never points at itself.
    ...(movedTo ? { 'itunes:new-feed-url': movedTo } : {}),
    'itunes:author': author,
    'itunes:summary': cdata(c.summary && c.summary_of === description ? c.summary : description),
    ...(c.keywords ? { 'itunes:keywords': c.keywords } : {}),
    'itunes:type': c.type ?? 'episodic',
    'itunes:owner': { 'itunes:name': c.owner_name || author, 'itunes:email': ownerEmail },
    ...(artwork ? { 'itunes:image': { '@_href': artwork }, image: { url: artwork, title, link, ...(c.image_extra ?? {}) } } : {}),
    'itunes:category': nestCategories(categoryPairs(c, catalogue?.title ?? null)),
    'itunes:explicit': c.explicit ? 'true' : 'false',
    'podcast:locked': { '@_owner': ownerEmail, '#text': 'yes' },
    'podcast:guid': c.podcast_guid || podcastGuid(hosted.original_url ?? self),
    ...extra,
    ...(c.kept ?? {}),
    item: items.map((e) => {
      const tags = episodeTagsOf(e.podcast_tags);
      const wording = episodeWording(tags, e.title, e.description ?? '');
      // An episode without chapters of its own links those supplied for it (automated ads: its ad breaks).
      const chapters = tags.chapters ?? supplied.get(e.id);
      if (chapters) tags.chapters = chapters;
      return {
        title: e.title,
        description: cdata(wording.description),
        'content:encoded': cdata(e.description || e.title),
        ...(e.url ? { link: e.url } : {}),
        guid: { '@_isPermaLink': 'false', '#text': e.guid ?? e.hash_id },
        ...(e.published_at ? { pubDate: e.published_at.toUTCString() } : {}),
        enclosure: { '@_url': e.enclosure_url, '@_length': String(e.enclosure_length ?? 0), '@_type': e.enclosure_type ?? 'audio/mpeg' },
        'itunes:title': wording.itunesTitle,
        ...(wording.summary ? { 'itunes:summary': cdata(wording.summary) } : {}),
        // The old feed's duration as it wrote it ("38:12", "1014.708375": no rounding), else Cuepoint's whole seconds.
        ...(tags.duration_text ? { 'itunes:duration': tags.duration_text } : e.duration != null ? { 'itunes:duration': String(e.duration) } : {}),
        ...(tags.text ?? {}),
        'itunes:episodeType': e.episode_type,
        ...(e.season != null ? { 'itunes:season': String(e.season) } : {}),
        ...(e.episode_number != null ? { 'itunes:episode': String(e.episode_number) } : {}),
        'itunes:explicit': e.explicit ? 'true' : 'false',
        ...(e.artwork_url ? { 'itunes:image': { '@_href': e.artwork_url } } : {}),
        ...(e.season != null ? { 'podcast:season': tags.season_name ? { '@_name': tags.season_name, '#text': String(e.season) } : String(e.season) } : {}),
        ...(e.episode_number != null ? { 'podcast:episode': String(e.episode_number) } : {}),
        ...(tags.transcripts?.length
          ? {
              'podcast:transcript': tags.transcripts.map((t) => ({
                '@_url': t.url,
                '@_type': t.type,
                ...(t.language ? { '@_language': t.language } : {}),
                ...(t.rel ? { '@_rel': t.rel } : {}),
              })),
            }
          : {}),
        ...(tags.chapters ? { 'podcast:chapters': { '@_url': tags.chapters.url, '@_type': tags.chapters.type } } : {}),
        ...(tags.other ?? {}),
        ...(tags.kept ?? {}),
      };
    }),
  };
  const etag = `"${createHash('sha256').update(JSON.stringify(channel)).digest('base64url').slice(0, 32)}"`;
  const lastModified = await feedState(hosted.id, etag, now);
  // lastBuildDate is the time of the last change, so it is part of the content the ETag names.
  const { title: t, link: l, description: d, language, ...rest } = channel;
  const xml = builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    rss: {
      '@_version': '2.0',
      '@_xmlns:itunes': 'http://www.itunes.com/dtds/podcast-1.0.dtd',
      '@_xmlns:podcast': PODCAST_NS,
      '@_xmlns:atom': 'http://www.w3.org/2005/Atom',
      '@_xmlns:content': 'http://purl.org/rss/1.0/modules/content/',
      '@_xmlns:dc': 'http://purl.org/dc/elements/1.1/',
      ...Object.fromEntries(Object.entries(c.namespaces ?? {}).map(([prefix, uri]) => [`@_xmlns:${prefix}`, uri])),
      channel: { title: t, link: l, description: d, language, lastBuildDate: lastModified.toUTCString(), ...rest },
    },
  }) as string;
  return { status: movedTo ? 301 : 200, location: movedTo, xml, etag, lastModified };
}
