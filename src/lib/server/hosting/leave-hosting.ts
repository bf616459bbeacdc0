/**
 * Leaving Cuepoint hosting (the agreement's 30 days to redirect after termination): PATCH
 * /api/podcasts/hosted/{id} {moved_to} records the show's new feed address; the hosted feed then
 * answers 301 to it and names it in itunes:new-feed-url, so apps and directories follow the show.
 * The media stays served, since apps that have not refreshed yet still play our enclosures.
 * {moved_to: null} takes the move back.
 *
 * Leaving is refused (422) while a file of the show is still on the old host or the onboarding is not
 * finished, since the new host imports our feed and would be sent to files nobody keeps; `leave_anyway: true`
 * leaves all the same, and the move records what stayed behind.
 */
import { and, eq } from 'drizzle-orm';
import { getDb, migrationFiles } from '../db';
import { FetchFailed, FetchRefused, guardedFetch } from '../fetch';
import { fieldError, HttpError } from '../http';
import { NotAnRssFeed, parseRssChannel } from '../podcasts';
import { sameFeedUrl } from '../../hosting-rules';
import type { HostedRow } from '../podcasts';

/** What a show leaving now leaves behind: its files still on the old host, and an unfinished onboarding. */
export async function leftBehind(hosted: HostedRow): Promise<{ files: Array<{ kind: string; url: string }>; onboarding_unfinished: boolean }> {
  const db = await getDb();
  const files = await db
    .select({ kind: migrationFiles.kind, url: migrationFiles.source_url })
    .from(migrationFiles)
    .where(and(eq(migrationFiles.hosted_podcast_id, hosted.id), eq(migrationFiles.status, 'failed')))
    .orderBy(migrationFiles.id);
  return { files, onboarding_unfinished: !hosted.is_completed };
}

/** The sentence naming what stays behind (null when nothing does). */
export function leftBehindSentence(left: { files: Array<{ kind: string; url: string }>; onboarding_unfinished: boolean }): string | null {
  const parts: string[] = [];
  if (left.files.length) {
    const names = left.files.slice(0, 5).map((f) => `${f.kind} ${f.url}`);
    const more = left.files.length > 5 ? ` and ${left.files.length - 5} more` : '';
    parts.push(`${left.files.length} file${left.files.length === 1 ? ' is' : 's are'} still on your old host (${names.join(', ')}${more})`);
  }
  if (left.onboarding_unfinished) parts.push('your onboarding on Cuepoint is not finished');
  return parts.length ? `${parts.join(', and ')}.` : null;
}

/** The settings of a show that leaves for `movedTo` (checked: another address, answering an RSS feed), or stays (null). */
export async function movedSettings(hosted: HostedRow, movedTo: string | null, now = new Date(), leaveAnyway = false): Promise<Record<string, unknown>> {
  const { moved_to: _to, moved_at: _at, moved_left_behind: _left, ...settings } = hosted.settings;
  if (movedTo === null) return settings;
  const left = await leftBehind(hosted);
  const behind = leftBehindSentence(left);
  if (behind && !leaveAnyway) {
    // Only the steps that apply: a show whose onboarding is done is not told to finish it.
    const steps = [left.files.length ? 'Resync the migration' : null, left.onboarding_unfinished ? 'finish the onboarding' : null]
      .filter(Boolean)
      .join(' and ');
    const message = `You cannot leave yet: ${behind} ${steps} first, or confirm that you leave anyway.`;
    throw new HttpError(422, message, { moved_to: [message] }, undefined, { message, errors: { moved_to: [message] }, left_behind: left });
  }
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
  return { ...settings, moved_to: movedTo, moved_at: now.toISOString(), ...(behind ? { moved_left_behind: behind } : {}) };
}
