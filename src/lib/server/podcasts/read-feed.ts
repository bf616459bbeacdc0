/**
 * Reads a podcast feed for onboarding: title, about, artwork, categories, owner email and the latest
 * episodes. The feed is fetched through the guarded fetcher; every failure is a 422 on `url`.
 */
import { guardedFetch, fetchErrorMessage } from '../fetch';
import { fieldError } from '../http';
import { all, attrOf, NotAnRssFeed, parseRssChannel, textOf } from './rss-channel';
import { ownerEmailOf } from './rss-owner';
import { parseDuration } from './feed-values';
import { htmlToText } from '../../format/text';

/** One episode of a feed as the marketplace lists it (the newest FEED_EPISODE_LIMIT are kept). */
export interface ListedFeedEpisode {
  guid: string | null;
  title: string;
  description: string;
  url: string | null;
  published_at: Date | null;
  duration: number | null;
  enclosure_url: string | null;
  enclosure_type: string | null;
  enclosure_length: number | null;
}

/** A feed as read when a podcaster adds a podcast to the marketplace. */
export interface ListedFeed {
  url: string;
  title: string;
  about: string;
  artwork: string | null;
  email: string | null;
  /** Category titles as the feed names them (iTunes categories and subcategories). */
  categories: string[];
  episodes: ListedFeedEpisode[];
}

/** Episodes kept from a feed at onboarding (the newest first). */
export const FEED_EPISODE_LIMIT = 50;

function httpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** Parses feed XML into the summary onboarding stores; throws NotAnRssFeed. */
export function summarizeFeed(url: string, body: Buffer | string): ListedFeed {
  const channel = parseRssChannel(body);
  const { node, prefix } = channel;
  const it = prefix.itunes;
  const title = textOf(node.title);
  if (!title) throw new NotAnRssFeed('The feed has no podcast title.');
  const categories: string[] = [];
  const walk = (value: unknown) => {
    for (const c of all(value)) {
      const text = attrOf(c, 'text');
      if (text && !categories.includes(text)) categories.push(text);
      if (c && typeof c === 'object') walk((c as Record<string, unknown>)[`${it}:category`]);
    }
  };
  walk(node[`${it}:category`]);
  const artwork = httpUrl(attrOf(node[`${it}:image`], 'href') ?? textOf((node.image as Record<string, unknown> | undefined)?.url));
  const episodes: ListedFeedEpisode[] = all(node.item)
    .filter((i): i is Record<string, unknown> => !!i && typeof i === 'object')
    .map((i) => {
      const pub = textOf(i.pubDate);
      const date = pub ? new Date(pub) : null;
      const length = Number(attrOf(i.enclosure, 'length'));
      return {
        guid: textOf(i.guid),
        title: textOf(i.title) ?? 'Untitled episode',
        description: htmlToText(textOf(i.description) ?? textOf(i[`${it}:summary`]) ?? '').slice(0, 4000),
        url: httpUrl(textOf(i.link)),
        published_at: date && !Number.isNaN(date.getTime()) ? date : null,
        duration: parseDuration(textOf(i[`${it}:duration`])),
        enclosure_url: httpUrl(attrOf(i.enclosure, 'url')),
        enclosure_type: attrOf(i.enclosure, 'type'),
        enclosure_length: Number.isFinite(length) && length > 0 ? length : null,
      };
    })
    .sort((a, b) => (b.published_at?.getTime() ?? 0) - (a.published_at?.getTime() ?? 0))
    .slice(0, FEED_EPISODE_LIMIT);
  return {
    url,
    title: title.slice(0, 255),
    about: htmlToText(textOf(node.description) ?? textOf(node[`${it}:summary`]) ?? '').slice(0, 4000),
    artwork,
    email: ownerEmailOf(channel),
    categories,
    episodes,
  };
}

/** Fetches and reads a feed; an unreachable, failing or invalid feed is a 422 on `url`. */
export async function readFeed(url: string): Promise<ListedFeed> {
  let body: Buffer;
  try {
    const response = await guardedFetch(url, { subject: 'feed' });
    if (response.status < 200 || response.status >= 300) throw fieldError('url', `The feed answered with HTTP status ${response.status}.`);
    body = response.body;
  } catch (error) {
    const message = fetchErrorMessage(error);
    if (message) throw fieldError('url', message);
    throw error;
  }
  try {
    return summarizeFeed(url, body);
  } catch (error) {
    if (error instanceof NotAnRssFeed) throw fieldError('url', error.message);
    throw error;
  }
}
