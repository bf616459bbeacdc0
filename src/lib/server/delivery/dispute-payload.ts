/** A dispute row as the API answers it. */
import type { DisputeRow } from './disputes';

export function serializeDispute(d: DisputeRow) {
  return {
    id: d.id,
    package_job_id: d.package_job_id,
    deliverable_id: d.deliverable_id,
    air_check_id: d.air_check_id,
    status: d.status,
    reason: d.reason,
    response: d.response,
    resolution_note: d.resolution_note,
    created_at: d.created_at.toISOString(),
    responded_at: d.responded_at?.toISOString() ?? null,
    resolved_at: d.resolved_at?.toISOString() ?? null,
  };
}
