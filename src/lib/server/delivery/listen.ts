/**
 * The listener (issues 12 and 33): one air check searches an episode's audio for the job's approved ad
 * and keeps the evidence with the check (where the ad starts, how much of it was heard of its length,
 * the score, every airing, when). A complete airing (detect-ad.ts: 80 % of the ad, in order) completes
 * the job and releases the fee, with an `ad-automatically-detected` message that says where it starts,
 * with a link that plays the episode from there. Less than that, in a linked episode, is not a pass: the
 * job goes to review with the evidence ("We heard 3 s of your 27 s ad at 0:16") in an
 * `ad-manually-detected` message, for the brand to confirm or dispute. A feed episode without a
 * complete airing says nothing (the next episode may carry it).
 */
import { and, eq } from 'drizzle-orm';
import { formatDate } from '../../format/dates';
import { formatSeconds, heardSentence, playFrom } from '../../delivery-evidence';
import { getDb, airChecks, deliverables, discussions, episodes, files, packageJobs, packages, podcasts } from '../db';
import { sanitizeHtml } from '../podcasts';
import { fetchErrorMessage } from '../fetch';
import { mediaPath, mediaUrlPrefix } from '../media-paths';
import { emitDealEvent } from '../domain-events';
import { airsAfterApproval } from './air-date-rule';
import { AudioUnavailable, decodeStored, decodeUrl } from './decode-audio';
import { adReference, detectAd, type AdReference, type Detection } from './detect-ad';
import { formatOffset, indexEpisode } from './fingerprint';
import { announceJobChanges, transitionJob } from './job-status';

export { playFrom };

export type AirCheckRow = typeof airChecks.$inferSelect;

/** How long a linked episode the brand leaves unanswered waits before it completes on its own. */
export const UNANSWERED_LINK_DAYS = 7;

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The storage key of a hosted media URL of ours, or null when the audio lives elsewhere. */
function hostedKey(url: string): string | null {
  const prefix = mediaUrlPrefix();
  if (!url.startsWith(prefix)) return null;
  const [hash, name] = url.slice(prefix.length).split('?')[0]!.split('/').map(decodeURIComponent);
  return hash && name ? mediaPath(hash, name) : null;
}

/** Decodes audio at a URL: our own hosted media straight from storage, anything else through the guarded fetcher. */
export async function decodeAudioAt(url: string): Promise<Int16Array> {
  const key = hostedKey(url);
  return key ? decodeStored(key) : decodeUrl(url);
}

/** Audio that cannot be searched (the ad or the episode does not decode); the link then waits for the brand. */
class UnreadableAudio extends Error {}

/** Decodes, turning a decoding failure into UnreadableAudio with a sentence. */
async function decodeOrSay(decode: () => Promise<Int16Array>, what: string): Promise<Int16Array> {
  try {
    return await decode();
  } catch (e) {
    if (e instanceof Error && /ffmpeg/.test(e.message)) throw new UnreadableAudio(`${what} could not be decoded.`);
    throw e;
  }
}

/** The reference of a job's approved ad. */
async function adOf(deliverableId: number): Promise<AdReference> {
  const db = await getDb();
  const [row] = await db
    .select({ path: files.path })
    .from(deliverables)
    .innerJoin(files, eq(files.id, deliverables.reference_id))
    .where(and(eq(deliverables.id, deliverableId), eq(deliverables.reference_type, 'file')));
  if (!row) throw new UnreadableAudio('The approved ad has no audio file.');
  return adReference(await decodeOrSay(() => decodeStored(row.path), 'The approved ad’s audio'));
}

/** Searches an audio URL for a deliverable's ad: every airing and whether one is complete. */
export async function searchAudio(deliverableId: number, audioUrl: string): Promise<Detection> {
  const ad = await adOf(deliverableId);
  const episode = indexEpisode(await decodeOrSay(() => decodeAudioAt(audioUrl), 'The episode’s audio'));
  return detectAd(ad, episode);
}

/** The last path segment of a URL (a linked file's name). */
function fileNameOf(url: string | null): string {
  try {
    return url ? decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') : '';
  } catch {
    return '';
  }
}

async function roomOf(packageId: number): Promise<number | null> {
  const db = await getDb();
  const [room] = await db
    .select({ id: discussions.id })
    .from(discussions)
    .where(and(eq(discussions.package_id, packageId), eq(discussions.type, 'package')))
    .limit(1);
  return room?.id ?? null;
}

/** The check's evidence columns of a detection. */
function evidenceColumns(result: Detection | null, error: string | null) {
  const best = result?.best ?? null;
  return {
    offset_ms: best?.startMs ?? null,
    matched_ms: result ? (best?.matchedMs ?? 0) : null,
    ad_ms: result?.adMs ?? null,
    score: best?.score ?? null,
    ratio: best?.coverage ?? null,
    votes: null,
    airings: result
      ? result.airings.map((a) => ({
          start_ms: a.startMs,
          matched_ms: a.matchedMs,
          score: Math.round(a.score * 1000) / 1000,
          speed: a.speed,
          complete: a.complete,
        }))
      : null,
    error,
    checked_at: new Date(),
  };
}

/** Runs one air check (the `delivery.listen` job): listens, records the evidence and acts on it. */
export async function runAirCheck(checkId: number): Promise<AirCheckRow | null> {
  const db = await getDb();
  const [row] = await db
    .select({ check: airChecks, job: packageJobs, pkg: packages, podcast: podcasts, episode: episodes, approvedAt: deliverables.approved_at })
    .from(airChecks)
    .innerJoin(packageJobs, eq(packageJobs.id, airChecks.package_job_id))
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .innerJoin(deliverables, eq(deliverables.id, airChecks.deliverable_id))
    .leftJoin(episodes, eq(episodes.id, airChecks.episode_id))
    .where(eq(airChecks.id, checkId));
  if (row?.check.status !== 'pending') return row?.check ?? null;
  const { check, job, episode, podcast } = row;
  const audioUrl = episode?.enclosure_url ?? check.url;
  let result: Detection | null = null;
  let error: string | null = null;
  if (!audioUrl) error = 'The episode has no audio file.';
  else {
    try {
      result = await searchAudio(check.deliverable_id, audioUrl);
    } catch (e) {
      error = fetchErrorMessage(e) ?? (e instanceof UnreadableAudio || e instanceof AudioUnavailable ? e.message : null);
      if (!error) throw e;
    }
  }
  // Money moves only on an episode of the show published on or after the ad's approval, with the ad heard whole.
  const datedRight = airsAfterApproval(episode?.published_at ?? null, row.approvedAt, podcast.time_zone);
  const found = result?.found === true && datedRight && job.status !== 'completed' && job.status !== 'dropped';
  const verdict = found ? 'found' : 'not-found';
  const best = result?.best ?? null;
  const change = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(airChecks).where(eq(airChecks.id, checkId)).for('update');
    if (locked?.status !== 'pending') return undefined;
    await tx
      .update(airChecks)
      .set({ status: verdict, ...evidenceColumns(result, error) })
      .where(eq(airChecks.id, checkId));
    const [current] = await tx.select().from(packageJobs).where(eq(packageJobs.id, job.id));
    if (!current || current.status === 'completed' || current.status === 'dropped') return null;
    if (found)
      return transitionJob(
        tx,
        job.id,
        'completed',
        { aired_episode_id: episode?.id ?? null, aired_at: episode?.published_at ?? new Date(), ad_offset_ms: best!.startMs },
        `The ad was detected at ${formatOffset(best!.startMs)}.`,
      );
    // A link the listener could not confirm waits for the brand; a feed episode without the ad says nothing.
    if (check.source === 'link')
      return transitionJob(
        tx,
        job.id,
        'in-review',
        { aired_episode_id: episode?.id ?? null, aired_at: episode?.published_at ?? new Date(), ad_offset_ms: best?.startMs ?? null },
        heardSentence({ status: verdict, error, matched_ms: best?.matchedMs ?? 0, ad_ms: result?.adMs ?? null, start_ms: best?.startMs ?? null, airings: [] }),
      );
    return null;
  });
  if (change === undefined) return (await db.select().from(airChecks).where(eq(airChecks.id, checkId)))[0] ?? null;
  if (found || check.source === 'link') {
    const room = await roomOf(job.package_id);
    if (room) {
      const title = episode?.title ?? (fileNameOf(audioUrl) || 'the linked episode');
      const published = episode?.published_at ? ` (published ${formatDate(episode.published_at)})` : '';
      const listen = audioUrl ?? '';
      const airings = (result?.airings ?? []).map((a) => ({ ...a, start: formatOffset(a.startMs) }));
      const heard = heardSentence({
        status: verdict,
        error,
        matched_ms: best?.matchedMs ?? 0,
        ad_ms: result?.adMs ?? null,
        start_ms: best?.startMs ?? null,
        airings: airings.map((a) => ({ start_ms: a.startMs, start: a.start, matched_ms: a.matchedMs, complete: a.complete, play_url: null })),
      });
      const playLink =
        best && listen
          ? ` <a href="${escapeHtml(playFrom(listen, best.startMs))}" target="_blank" rel="noopener">Play the episode from ${formatOffset(best.startMs)}</a>`
          : '';
      const others = airings
        .filter((a) => a !== airings.find((b) => b.startMs === best?.startMs))
        .map((a) => `<a href="${escapeHtml(playFrom(listen, a.startMs))}" target="_blank" rel="noopener">${a.start}</a>`);
      const message = found
        ? `<p>The ad was detected automatically in “${escapeHtml(title)}”${published} at ${formatOffset(best!.startMs)}: ${escapeHtml(heard)}${playLink}${others.length ? ` · also ${others.join(', ')}` : ''}</p><p>The job is completed and its fee is released to the podcaster.</p>`
        : `<p>The podcaster linked “${escapeHtml(title)}”${published} as the episode the ad aired in. ${escapeHtml(heard)}${playLink}${
            best && !error
              ? ` That is less than a complete airing (80 % of the ${formatSeconds(result!.adMs)} ad, in order), so the fee is not released on its own.`
              : ''
          }</p><p>Brand: confirm that the ad aired, or dispute it. ${
            error
              ? 'As Cuepoint could not listen to this episode, it waits for your answer.'
              : `A link left unanswered for ${UNANSWERED_LINK_DAYS} days completes on its own.`
          }</p>`;
      // The workroom posts it (domain-events.ts) and answers the message's id.
      const [posted] = await emitDealEvent({
        step: 'aired',
        packageId: job.package_id,
        jobIds: [job.id],
        text: sanitizeHtml(message),
        kind: found ? 'ad-automatically-detected' : 'ad-manually-detected',
        deliverableId: check.deliverable_id,
      });
      if (posted) await db.update(airChecks).set({ message_id: posted }).where(eq(airChecks.id, checkId));
    }
  }
  await announceJobChanges([change ?? null], { side: 'system' });
  return (await db.select().from(airChecks).where(eq(airChecks.id, checkId)))[0] ?? null;
}
