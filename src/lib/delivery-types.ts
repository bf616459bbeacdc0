/** What the workroom's delivery panel reads (GET /api/discussions/{id}/jobs), shared by the server and the island. */

export interface DeliveryJobPayload {
  id: number;
  package_id: number;
  description: string;
  status: string;
  is_funded: boolean;
  delivery_date: string | null;
  ad_type: 'sponsorship' | 'host';
  /** The latest ad submitted for review, and the approved one. */
  deliverable: { id: number; status: string } | null;
  approved_deliverable_id: number | null;
  /** The latest linked episode and what the listener made of it. */
  link: { status: string; title: string | null; url: string | null; ad_start: string | null } | null;
  aired: { title: string | null; aired_at: string | null; ad_start: string | null; play_url: string | null } | null;
}

export interface DeliveryPanelPayload {
  discussion_id: number;
  podcast: { id: number; hash_id: string; title: string } | null;
  jobs: DeliveryJobPayload[];
}
