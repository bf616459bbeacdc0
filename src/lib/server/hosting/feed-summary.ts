/**
 * GET /api/podcaster/rss-feed (hosting spec §7): what Confirm migration shows about the original
 * feed: whether it has an iTunes category (`hasIunesCategory`, spelt as the spec spells it) and its
 * episode count; and each category of the feed Apple does not list, with the nearest ones Apple does, so
 * Confirm migration asks the podcaster which to use instead of swapping it silently.
 */
import { APPLE_CATEGORIES, appleCategoryOf, type ItunesCategoryPair, nearestAppleCategories } from '../../apple-categories';
import { FetchFailed, FetchRefused, guardedFetch } from '../fetch';
import { HttpError } from '../http';
import { NotAnRssFeed, all, attrOf, parseRssChannel } from '../podcasts';
import type { PodcastRow } from '../podcasts';

export interface UnlistedCategory {
  /** As the feed writes it ("News & Politics", or "Arts > Poetry"). */
  label: string;
  /** The nearest categories Apple lists, best first (may be empty). */
  suggestions: ItunesCategoryPair[];
}

export interface FeedSummary {
  hasIunesCategory: boolean;
  episodes: number;
  unlistedCategories: UnlistedCategory[];
}

/** The categories of a feed's itunes:category elements that Apple does not list. */
function unlisted(cats: unknown[], prefix: string): UnlistedCategory[] {
  const out: UnlistedCategory[] = [];
  for (const c of cats) {
    const text = (attrOf(c, 'text') ?? '').trim();
    const known = appleCategoryOf(text);
    if (!known) {
      out.push({ label: text, suggestions: nearestAppleCategories(text) });
      continue;
    }
    const subs = all((c as Record<string, unknown>)[`${prefix}:category`])
      .map((s) => (attrOf(s, 'text') ?? '').trim())
      .filter(Boolean);
    for (const sub of subs) {
      if (known.subcategory === null && APPLE_CATEGORIES[known.category]!.includes(sub)) continue;
      if (appleCategoryOf(sub)) continue; // a listed name under the wrong parent: the import places it under its own
      out.push({ label: `${text} > ${sub}`, suggestions: nearestAppleCategories(`${text} ${sub}`) });
    }
  }
  return out;
}

/** Reads the original feed of a podcast and summarises it. */
export async function summariseFeed(podcast: PodcastRow, originalUrl: string | null): Promise<FeedSummary> {
  try {
    const response = await guardedFetch(originalUrl ?? podcast.url, { subject: 'RSS feed', maxBytes: 30 * 1024 * 1024, timeoutMs: 30_000 });
    if (response.status < 200 || response.status >= 300)
      throw new HttpError(422, `The RSS feed answered with HTTP status ${response.status}.`, {
        url: [`The RSS feed answered with HTTP status ${response.status}.`],
      });
    const channel = parseRssChannel(response.body);
    const cats = all(channel.node[`${channel.prefix.itunes}:category`]).filter((c) => attrOf(c, 'text'));
    return { hasIunesCategory: cats.length > 0, episodes: all(channel.node.item).length, unlistedCategories: unlisted(cats, channel.prefix.itunes) };
  } catch (error) {
    if (error instanceof FetchFailed || error instanceof FetchRefused || error instanceof NotAnRssFeed)
      throw new HttpError(422, error.message, { url: [error.message] });
    throw error;
  }
}
