/** Payload types of the workroom API: the server (src/lib/server/workrooms) builds them and the browser reads them. */
import type { DeliveryJobPayload } from './delivery-types';

export interface WorkroomMember {
  id: number;
  full_name: string;
  first_name: string;
  avatar: string | null;
  type: 'BRAND' | 'PODCASTER' | 'ADMIN';
  brand_name: string | null;
  last_seen_at: string | null;
  is_online: boolean;
}

export interface WorkroomFile {
  id: number;
  url: string;
  mime: string;
  isAudio: boolean;
  name: string;
  original_name: string;
  size: number;
  duration: number | null;
  waveform: number[] | null;
  transcoding_status: 'pending' | 'processing' | 'completed' | 'failed' | null;
}

export type MessageType = 'default' | 'proposal-details' | 'ad-automatically-detected' | 'ad-review' | 'ad-manually-detected';

export interface WorkroomMessage {
  id: number;
  discussion_id: number;
  content: string;
  type: MessageType;
  deliverable_id: number | null;
  /** job_name: the job's ad type and current air date ("Host-Read · Dec 8"). */
  deliverable: { id: number; status: 'pending' | 'accepted' | 'rejected'; package_job_id: number; job_description: string; job_name: string } | null;
  files: WorkroomFile[];
  user_id: number | null;
  user: WorkroomMember | null;
  edited_at: string | null;
  created_at: string;
  views: { user_id: number; views: number }[];
}

export interface WorkroomDiscussion {
  id: number;
  type: string;
  title: string;
  subtitle: string;
  avatar: string | null;
  link: string;
  is_archived: boolean;
  is_unread: boolean;
  unread_count: number;
  users: WorkroomMember[];
  last_message: WorkroomMessage | null;
  updated_at: string;
}

/** A message can be approved only if it has a deliverable and its type is ad-review (core §4). */
export function canReviewMessage(m: Pick<WorkroomMessage, 'type' | 'deliverable'>): boolean {
  return m.type === 'ad-review' && m.deliverable !== null && m.deliverable.status === 'pending';
}

/** Merges messages by id, oldest first. */
export function mergeMessages(current: WorkroomMessage[], incoming: WorkroomMessage[]): WorkroomMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) {
    // Views only grow: a copy fetched before a 'seen' event arrived must not take that view away.
    const known = byId.get(m.id)?.views ?? [];
    const views = [...m.views, ...known.filter((v) => !m.views.some((w) => w.user_id === v.user_id))];
    byId.set(m.id, views.length === m.views.length ? m : { ...m, views });
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Who is typing, as the indicator says it. */
export function typingText(names: string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} are typing…`;
}

/** A podcaster's funded job in a package workroom that can take an ad for review. */
export interface DeliverableJob {
  id: number;
  /** Its ad type and current air date: "Host-Read · Dec 8". */
  name: string;
  description: string;
  delivery_date: string | null;
  has_reject_deliverable: boolean;
}

/** The jobs of a delivery panel its podcaster can submit an ad for (the server's rule in delivery/workroom-jobs.ts). */
export function submittableJobs(jobs: DeliveryJobPayload[]): DeliverableJob[] {
  return jobs
    .filter((j) => j.is_funded && (j.status === 'in-progress' || j.status === 'rejected') && j.approved_deliverable_id === null)
    .map((j) => ({
      id: j.id,
      name: j.name,
      description: j.description,
      delivery_date: j.delivery_date,
      has_reject_deliverable: j.status === 'rejected' || j.deliverable?.status === 'rejected',
    }));
}
