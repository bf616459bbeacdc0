/** The message payload of the API and the realtime events: author, files, deliverable and who has seen it. */
import { and, asc, eq, gt, inArray, lt, desc } from 'drizzle-orm';
import { getDb } from '../db/client';
import { brands, deliverables, files, messageViews, messages, packageJobs, users } from '../db/schema';
import { memberPayload, type MemberPayload } from './membership';
import { isAudio } from '../../format/files';
import { sanitizeHtml } from '../content/sanitize-html';
import { fileUrl, type FileRow } from '../files/file-resource';

export type MessageRow = typeof messages.$inferSelect;

export interface AttachmentPayload {
  id: number;
  url: string;
  mime: string;
  isAudio: boolean;
  name: string;
  original_name: string;
  size: number;
  duration: number | null;
  /** Stored waveform peaks (0..1) of processed audio, for the audio player. */
  waveform: number[] | null;
  transcoding_status: 'pending' | 'processing' | 'completed' | 'failed' | null;
}

export interface MessagePayload {
  id: number;
  discussion_id: number;
  content: string;
  type: MessageRow['type'];
  deliverable_id: number | null;
  deliverable: {
    id: number;
    status: 'pending' | 'accepted' | 'rejected';
    package_job_id: number;
    job_description: string;
    reference_id: number | null;
    reference_type: string | null;
  } | null;
  content_files_ids: number[];
  files: AttachmentPayload[];
  record_id: string | null;
  user_id: number | null;
  user: MemberPayload | null;
  reply_deliverables_count: number;
  edited_at: string | null;
  created_at: string;
  updated_at: string;
  /** Who (other than the author) has seen it: message views. */
  views: { user_id: number; views: number }[];
}

/** Where an attachment is downloaded from: the files domain's GET /api/file/{id}, open to the discussion's members by the rule in attachments.ts. */
export function attachmentUrl(fileId: number): string {
  return fileUrl(fileId);
}

/** The attachment list entry: id, url, mime, isAudio (and its name and size for the link). */
export function attachmentPayload(f: FileRow): AttachmentPayload {
  return {
    id: f.id,
    url: attachmentUrl(f.id),
    mime: f.mime,
    isAudio: isAudio({ mime: f.mime, name: f.original_name }),
    name: f.name,
    original_name: f.original_name,
    size: f.size,
    duration: f.duration,
    waveform: f.waveform ?? null,
    transcoding_status: f.transcoding_status ?? null,
  };
}

/** Loads the payloads of messages (in the order given). */
export async function messagePayloads(rows: MessageRow[]): Promise<MessagePayload[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const ids = rows.map((m) => m.id);
  const fileIds = [...new Set(rows.flatMap((m) => m.content_files_ids))];
  const userIds = [...new Set(rows.map((m) => m.user_id).filter((id): id is number => id !== null))];
  const deliverableIds = [...new Set(rows.map((m) => m.deliverable_id).filter((id): id is number => id !== null))];
  const [fileRows, userRows, viewRows, deliverableRows] = await Promise.all([
    fileIds.length ? db.select().from(files).where(inArray(files.id, fileIds)) : Promise.resolve([]),
    userIds.length
      ? db.select({ user: users, brand_name: brands.name }).from(users).leftJoin(brands, eq(brands.user_id, users.id)).where(inArray(users.id, userIds))
      : Promise.resolve([]),
    db.select().from(messageViews).where(inArray(messageViews.message_id, ids)),
    deliverableIds.length
      ? db
          .select({ d: deliverables, job: packageJobs.description })
          .from(deliverables)
          .innerJoin(packageJobs, eq(packageJobs.id, deliverables.package_job_id))
          .where(inArray(deliverables.id, deliverableIds))
      : Promise.resolve([]),
  ]);
  const fileById = new Map(fileRows.map((f) => [f.id, f]));
  const userById = new Map(userRows.map((u) => [u.user.id, memberPayload(u.user, u.brand_name)]));
  const deliverableById = new Map(deliverableRows.map((r) => [r.d.id, r]));
  return rows.map((m) => {
    const d = m.deliverable_id ? deliverableById.get(m.deliverable_id) : undefined;
    return {
      id: m.id,
      discussion_id: m.discussion_id,
      // A member's message is rich text: shown only through the allowlist (system messages are plain text).
      content: m.user_id !== null ? sanitizeHtml(m.content) : m.content,
      type: m.type,
      deliverable_id: m.deliverable_id,
      deliverable: d
        ? {
            id: d.d.id,
            status: d.d.status,
            package_job_id: d.d.package_job_id,
            job_description: d.job,
            reference_id: d.d.reference_id,
            reference_type: d.d.reference_type,
          }
        : null,
      content_files_ids: m.content_files_ids,
      files: m.content_files_ids
        .map((id) => fileById.get(id))
        .filter((f): f is FileRow => !!f)
        .map((f) => attachmentPayload(f)),
      record_id: m.record_id,
      user_id: m.user_id,
      user: m.user_id ? (userById.get(m.user_id) ?? null) : null,
      reply_deliverables_count: m.reply_deliverables_count,
      edited_at: m.edited_at?.toISOString() ?? null,
      created_at: m.created_at.toISOString(),
      updated_at: m.updated_at.toISOString(),
      views: viewRows.filter((v) => v.message_id === m.id && v.user_id !== m.user_id).map((v) => ({ user_id: v.user_id, views: v.views })),
    };
  });
}

/** One message's payload. */
export async function messagePayload(row: MessageRow): Promise<MessagePayload> {
  return (await messagePayloads([row]))[0]!;
}

export const THREAD_PAGE = 50;

/**
 * Messages of a discussion, oldest first: the latest page, those before a message id (scrolling
 * back), or every one after a message id (what a reconnecting client missed).
 */
export async function listMessages(
  discussionId: number,
  options: { before?: number; after?: number; limit?: number } = {},
): Promise<{ messages: MessagePayload[]; has_more: boolean }> {
  const db = await getDb();
  const limit = options.limit ?? THREAD_PAGE;
  if (options.after !== undefined) {
    const rows = await db
      .select()
      .from(messages)
      .where(and(eq(messages.discussion_id, discussionId), gt(messages.id, options.after)))
      .orderBy(asc(messages.id))
      .limit(500);
    return { messages: await messagePayloads(rows), has_more: false };
  }
  const where =
    options.before !== undefined ? and(eq(messages.discussion_id, discussionId), lt(messages.id, options.before)) : eq(messages.discussion_id, discussionId);
  const rows = await db
    .select()
    .from(messages)
    .where(where)
    .orderBy(desc(messages.id))
    .limit(limit + 1);
  const has_more = rows.length > limit;
  return { messages: await messagePayloads(rows.slice(0, limit).reverse()), has_more };
}
