/**
 * Leaving Cuepoint hosting (the agreement's 30 days to redirect after termination): PATCH
 * /api/podcasts/hosted/{id} {moved_to} records the show's new feed address; the hosted feed then
 * answers 301 to it and names it in itunes:new-feed-url, so apps and directories follow the show.
 * The media stays served, since apps that have not refreshed yet still play our enclosures.
 * {moved_to: null} takes the move back.
 */
import { FetchFailed, FetchRefused, guardedFetch } from '../fetch/guarded-fetch';
import { fieldError } from '../http';
import { NotAnRssFeed, parseRssChannel } from '../podcasts/rss-channel';
import { sameFeedUrl } from '../../hosting-rules';
import type { HostedRow } from '../podcasts/list-podcasts';

/** The settings of a show that leaves for `movedTo` (checked: another address, answering an RSS feed), or stays (null). */
export async function movedSettings(hosted: HostedRow, movedTo: string | null, now = new Date()): Promise<Record<string, unknown>> {
  const { moved_to: _to, moved_at: _at, ...settings } = hosted.settings;
  if (movedTo === null) return settings;
  if (sameFeedUrl(movedTo, hosted.url)) throw fieldError('moved_to', 'Enter the address of your feed on your new host, not your Cuepoint feed.');
  let response: Awaited<ReturnType<typeof guardedFetch>>;
  try {
    response = await guardedFetch(movedTo, { subject: 'new feed', followRedirects: false });
  } catch (error) {
    if (error instanceof FetchRefused || error instanceof FetchFailed) throw fieldError('moved_to', `We could not reach your new feed: ${error.message}`);
    throw error;
  }
  // A feed that still redirects (an old host pointing back here) would send apps in a circle.
  if (response.status !== 200) throw fieldError('moved_to', `Your new feed answered with HTTP status ${response.status}; enter the address it is served at.`);
  try {
    parseRssChannel(response.body);
  } catch (error) {
    if (error instanceof NotAnRssFeed)
      throw fieldError('moved_to', 'That address does not answer with an RSS feed yet. Import your show on your new host first.');
    throw error;
  }
  return { ...settings, moved_to: movedTo, moved_at: now.toISOString() };
}
