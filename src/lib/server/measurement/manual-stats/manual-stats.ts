/** Manual podcast stats (core §3): listens a podcaster reports with a screenshot or report file, verified by an admin. */
import type { podcastManualStats } from '../../db';
import { now as clockNow } from '../../clock';

export type ManualStatsRow = typeof podcastManualStats.$inferSelect;

/** A submission counts for 90 days after it was uploaded (the listens describe that moment). */
export const MANUAL_STATS_VALID_DAYS = 90;

/** The report types a submission accepts (checked from the bytes by the files domain). */
export const MANUAL_STATS_MIMES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'];

export interface ManualStatsPayload {
  id: number;
  podcast_id: number;
  listens: number;
  status: 'pending' | 'verified' | 'rejected';
  file_url: string | null;
  file_original_name: string | null;
  verified_at: string | null;
  is_expired: boolean;
  reject_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** True when the submission is older than the validity window, or was marked expired. */
export function isManualStatsExpired(row: Pick<ManualStatsRow, 'is_expired' | 'created_at'>, now = clockNow()): boolean {
  return row.is_expired || now.getTime() - row.created_at.getTime() > MANUAL_STATS_VALID_DAYS * 86_400_000;
}

/** Serialises a submission with its computed `is_expired`. */
export function serializeManualStats(row: ManualStatsRow, now = clockNow()): ManualStatsPayload {
  return {
    id: row.id,
    podcast_id: row.podcast_id,
    listens: row.listens,
    status: row.status,
    file_url: row.file_url,
    file_original_name: row.file_original_name,
    verified_at: row.verified_at?.toISOString() ?? null,
    is_expired: isManualStatsExpired(row, now),
    reject_reason: row.reject_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
