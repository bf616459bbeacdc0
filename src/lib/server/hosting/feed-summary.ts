/**
 * GET /api/podcaster/rss-feed (hosting spec §7): what Confirm migration shows about the original
 * feed: whether it has an iTunes category (`hasIunesCategory`, spelt as the spec spells it) and its
 * episode count.
 */
import { FetchFailed, FetchRefused, guardedFetch } from '../fetch/guarded-fetch';
import { HttpError } from '../http';
import { NotAnRssFeed, all, attrOf, parseRssChannel } from '../podcasts/rss-channel';
import type { PodcastRow } from '../podcasts/list-podcasts';

export interface FeedSummary {
  hasIunesCategory: boolean;
  episodes: number;
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
    return { hasIunesCategory: cats.length > 0, episodes: all(channel.node.item).length };
  } catch (error) {
    if (error instanceof FetchFailed || error instanceof FetchRefused || error instanceof NotAnRssFeed)
      throw new HttpError(422, error.message, { url: [error.message] });
    throw error;
  }
}
