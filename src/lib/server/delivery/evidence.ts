/**
 * The evidence of an air check as both sides see it (issue 33): built from the check's row and its
 * episode, in one place, for the delivery panel, the thread, Completed Ads and the admin's disputes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatOffset } from '../../format/offset';
import { heardSentence, playFrom, type AiringPayload, type EvidencePayload } from '../../delivery-evidence';
import { airChecks, episodes } from '../db';
import type { AiringEvidence } from '../db';

export type { EvidencePayload };

/** What evidenceOf() reads: a check's columns and its episode's (JSON from SQL, or rows). */
export interface EvidenceSource {
  id: number;
  source: string;
  status: string;
  url: string | null;
  offset_ms: number | null;
  matched_ms: number | null;
  ad_ms: number | null;
  score: number | null;
  airings: AiringEvidence[] | null;
  error: string | null;
  checked_at: string | Date | null;
  episode_id: number | null;
  episode_title: string | null;
  episode_published_at: string | Date | null;
  episode_url: string | null;
}

const iso = (d: string | Date | null) => (d === null ? null : typeof d === 'string' ? new Date(d).toISOString() : d.toISOString());

/** The evidence payload of a check. */
export function evidenceOf(c: EvidenceSource): EvidencePayload {
  const audio = c.episode_url ?? c.url;
  const airings: AiringPayload[] = (c.airings ?? []).map((a) => ({
    start_ms: a.start_ms,
    start: formatOffset(a.start_ms),
    matched_ms: a.matched_ms,
    complete: a.complete,
    play_url: audio ? playFrom(audio, a.start_ms) : null,
  }));
  const payload: Omit<EvidencePayload, 'heard'> = {
    check_id: c.id,
    source: c.source === 'feed' ? 'feed' : 'link',
    status: c.status,
    episode: { id: c.episode_id, title: c.episode_title, published_at: iso(c.episode_published_at), url: audio },
    start_ms: c.offset_ms,
    start: c.offset_ms === null ? null : formatOffset(c.offset_ms),
    matched_ms: c.matched_ms,
    ad_ms: c.ad_ms,
    score: c.score === null ? null : Math.round(c.score * 1000) / 1000,
    airings,
    play_url: audio && c.offset_ms !== null && c.matched_ms ? playFrom(audio, c.offset_ms) : null,
    checked_at: iso(c.checked_at),
    error: c.error,
  };
  return { ...payload, heard: heardSentence(payload) };
}

/**
 * SQL for the evidence of the job `jobId` refers to: its latest decisive check (a linked episode with
 * its verdict or the brand's answer, or a feed episode where the ad was found), as JSON of EvidenceSource.
 */
export function evidenceJsonSql(jobId: SQL): SQL<EvidenceSource | null> {
  return sql<EvidenceSource | null>`(
    select json_build_object(
      'id', c.id, 'source', c.source, 'status', c.status, 'url', c.url, 'offset_ms', c.offset_ms, 'matched_ms', c.matched_ms,
      'ad_ms', c.ad_ms, 'score', c.score, 'airings', c.airings, 'error', c.error, 'checked_at', c.checked_at,
      'episode_id', ce.id, 'episode_title', ce.title, 'episode_published_at', ce.published_at, 'episode_url', ce.enclosure_url
    )
    from ${airChecks} c left join ${episodes} ce on ce.id = c.episode_id
    where c.package_job_id = ${jobId} and c.status <> 'replaced' and (c.source = 'link' or c.status = 'found')
    order by c.id desc limit 1
  )`;
}
