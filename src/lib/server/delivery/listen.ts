/**
 * The listener (issue 12, "Proof that it aired"): one air check searches an episode's audio for the
 * job's approved ad. Found: an `ad-automatically-detected` message says where the ad starts, with a
 * link that plays the episode from there, and the job completes (the fee is released). Not found for a
 * link: an `ad-manually-detected` message asks the brand to confirm or dispute, and the job waits in
 * review. Not found in a feed episode: nothing is said (the next episode may carry it).
 */
import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { airChecks, deliverables, discussions, episodes, files, packageJobs, packages, podcasts } from '../db/schema';
import { sanitizeHtml } from '../content/sanitize-html';
import { fetchErrorMessage } from '../fetch/guarded-fetch';
import { mediaPath, mediaUrlPrefix } from '../hosting/media-storage';
import { postSystemMessage } from '../workrooms/post-message';
import { decodeStored, decodeUrl } from './decode-audio';
import { fingerprint, formatOffset, matchFingerprints, type Fingerprint, type MatchResult } from './fingerprint';
import { announceJobChanges, transitionJob } from './job-status';

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

/** The fingerprint of a job's approved ad. */
async function adFingerprint(deliverableId: number): Promise<Fingerprint> {
  const db = await getDb();
  const [row] = await db
    .select({ path: files.path })
    .from(deliverables)
    .innerJoin(files, eq(files.id, deliverables.reference_id))
    .where(and(eq(deliverables.id, deliverableId), eq(deliverables.reference_type, 'file')));
  if (!row) throw new UnreadableAudio('The approved ad has no audio file.');
  return fingerprint(await decodeOrSay(() => decodeStored(row.path), 'The approved ad’s audio'));
}

/** Searches an audio URL for a deliverable's ad. */
export async function searchAudio(deliverableId: number, audioUrl: string): Promise<MatchResult> {
  const ad = await adFingerprint(deliverableId);
  const episode = fingerprint(await decodeOrSay(() => decodeAudioAt(audioUrl), 'The episode’s audio'));
  return matchFingerprints(ad, episode);
}

/** The last path segment of a URL (a linked file's name). */
function fileNameOf(url: string | null): string {
  try {
    return url ? decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') : '';
  } catch {
    return '';
  }
}

/** A link that plays the audio from a position (a media fragment, which browsers' players honour). */
export function playFrom(url: string, ms: number): string {
  return `${url.split('#')[0]}#t=${Math.round(ms / 1000)}`;
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

/** Runs one air check (the `delivery.listen` job): listens, records the verdict and acts on it. */
export async function runAirCheck(checkId: number): Promise<AirCheckRow | null> {
  const db = await getDb();
  const [row] = await db
    .select({ check: airChecks, job: packageJobs, pkg: packages, podcast: podcasts, episode: episodes })
    .from(airChecks)
    .innerJoin(packageJobs, eq(packageJobs.id, airChecks.package_job_id))
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .leftJoin(episodes, eq(episodes.id, airChecks.episode_id))
    .where(eq(airChecks.id, checkId));
  if (row?.check.status !== 'pending') return row?.check ?? null;
  const { check, job, episode } = row;
  const audioUrl = episode?.enclosure_url ?? check.url;
  let result: MatchResult | null = null;
  let error: string | null = null;
  if (!audioUrl) error = 'The episode has no audio file.';
  else {
    try {
      result = await searchAudio(check.deliverable_id, audioUrl);
    } catch (e) {
      error = fetchErrorMessage(e) ?? (e instanceof UnreadableAudio ? e.message : null);
      if (!error) throw e;
    }
  }
  const found = result?.found === true && job.status !== 'completed' && job.status !== 'dropped';
  const verdict = found ? 'found' : 'not-found';
  const change = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(airChecks).where(eq(airChecks.id, checkId)).for('update');
    if (locked?.status !== 'pending') return undefined;
    await tx
      .update(airChecks)
      .set({ status: verdict, offset_ms: result?.offsetMs ?? null, votes: result?.votes ?? null, ratio: result?.ratio ?? null, error, checked_at: new Date() })
      .where(eq(airChecks.id, checkId));
    const [current] = await tx.select().from(packageJobs).where(eq(packageJobs.id, job.id));
    if (!current || current.status === 'completed' || current.status === 'dropped') return null;
    if (found)
      return transitionJob(
        tx,
        job.id,
        'completed',
        { aired_episode_id: episode?.id ?? null, aired_at: episode?.published_at ?? new Date(), ad_offset_ms: result!.offsetMs },
        `The ad was detected at ${formatOffset(result!.offsetMs)}.`,
      );
    // A link the matcher could not confirm waits for the brand; a feed episode without the ad says nothing.
    if (check.source === 'link')
      return transitionJob(tx, job.id, 'in-review', {
        aired_episode_id: episode?.id ?? null,
        aired_at: episode?.published_at ?? new Date(),
        ad_offset_ms: null,
      });
    return null;
  });
  if (change === undefined) return (await db.select().from(airChecks).where(eq(airChecks.id, checkId)))[0] ?? null;
  if (found || check.source === 'link') {
    const room = await roomOf(job.package_id);
    const title = episode?.title ?? (fileNameOf(audioUrl) || 'the linked episode');
    const listenUrl = audioUrl ?? '';
    if (room) {
      const message = found
        ? `<p>The ad was detected automatically in “${escapeHtml(title)}” at ${formatOffset(result!.offsetMs)}. <a href="${escapeHtml(playFrom(listenUrl, result!.offsetMs))}" target="_blank" rel="noopener">Play the episode from ${formatOffset(result!.offsetMs)}</a></p><p>The job is completed and its fee is released to the podcaster.</p>`
        : `<p>The podcaster linked “${escapeHtml(title)}” as the episode the ad aired in${listenUrl ? ` (<a href="${escapeHtml(listenUrl)}" target="_blank" rel="noopener">listen</a>)` : ''}. ${error ? escapeHtml(`Cuepoint could not listen to it: ${error}`) : 'Cuepoint could not find the ad in its audio.'}</p><p>Brand: confirm that the ad aired, or dispute it. A link left unanswered for ${UNANSWERED_LINK_DAYS} days completes on its own.</p>`;
      const posted = await postSystemMessage(room, sanitizeHtml(message), {
        type: found ? 'ad-automatically-detected' : 'ad-manually-detected',
        deliverable_id: check.deliverable_id,
      });
      await db.update(airChecks).set({ message_id: posted.id }).where(eq(airChecks.id, checkId));
    }
  }
  await announceJobChanges([change ?? null], { side: 'system' });
  return (await db.select().from(airChecks).where(eq(airChecks.id, checkId)))[0] ?? null;
}
