/** What the workroom's delivery panel reads (GET /api/discussions/{id}/jobs), shared by the server and the island. */
import type { EvidencePayload } from './delivery-evidence';

export type { EvidencePayload };

export interface DeliveryJobPayload {
  id: number;
  package_id: number;
  /** Its ad type and current air date: "Host-Read · Dec 8". */
  name: string;
  description: string;
  status: string;
  is_funded: boolean;
  delivery_date: string | null;
  ad_type: 'sponsorship' | 'host';
  /** The latest ad submitted for review, and the approved one. */
  deliverable: { id: number; status: string } | null;
  approved_deliverable_id: number | null;
  /** The show's day the brand approved the ad: an aired episode is published on or after it ('YYYY-MM-DD'). */
  approved_on: string | null;
  /** What the listener heard in the latest linked episode (or the feed episode it was found in). */
  evidence: EvidencePayload | null;
  /** The brand's open dispute of the linked episode, waiting for an admin. */
  dispute: { id: number; reason: string; response: string | null; created_at: string } | null;
  /** The latest linked episode and what the listener made of it. */
  link: { status: string; title: string | null; url: string | null; ad_start: string | null } | null;
  aired: { title: string | null; aired_at: string | null; ad_start: string | null; play_url: string | null } | null;
}

export interface DeliveryPanelPayload {
  discussion_id: number;
  podcast: { id: number; hash_id: string; title: string } | null;
  jobs: DeliveryJobPayload[];
}

/** A dispute as the admin's queue shows it. */
export interface DisputePayload {
  id: number;
  status: 'open' | 'released' | 'refunded';
  reason: string;
  response: string | null;
  responded_at: string | null;
  created_at: string;
  resolved_at: string | null;
  resolution_note: string | null;
  job: { id: number; description: string; fee: number; fee_display: string; status: string; delivery_date: string | null };
  campaign: { id: number; title: string };
  brand: { id: number; name: string; email: string };
  podcaster: { id: number; name: string; email: string };
  podcast: { id: number; title: string };
  approved_at: string | null;
  evidence: EvidencePayload | null;
  workroom_link: string | null;
}
