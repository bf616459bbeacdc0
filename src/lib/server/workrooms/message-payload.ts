/** The message payload of the API and the realtime events: author, files, deliverable and who has seen it. */
import type { WorkroomFile, WorkroomMember } from '../../workroom-types';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { getDb, rowFromJson, ads, campaignAds, deliverables, files, messageViews, messages, packageJobs } from '../db';
import { jobName } from '../../format/job-name';
import { memberFromJson, memberJsonSql, type MemberJson } from './membership';
import { isAudio } from '../../format/files';
import { sanitizeHtml } from '../podcasts';
import { fileUrl, type FileRow } from '../files';

export type MessageRow = typeof messages.$inferSelect;

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
    /** The job's ad type and current air date ("Host-Read · Dec 8"), read with the message. */
    job_name: string;
    reference_id: number | null;
    reference_type: string | null;
  } | null;
  content_files_ids: number[];
  files: WorkroomFile[];
  record_id: string | null;
  user_id: number | null;
  user: WorkroomMember | null;
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
export function attachmentPayload(f: FileRow): WorkroomFile {
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

/** What messageRelationsSql() evaluates to for one message. */
interface MessageRelations {
  /** The rows of its files (to_json), in no particular order. */
  files: Record<string, unknown>[];
  user: MemberJson | null;
  views: { user_id: number; views: number }[];
  deliverable: (Omit<NonNullable<MessagePayload['deliverable']>, 'job_name'> & { ad_type: string | null; delivery_date: string | null }) | null;
}

const escapeText = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/**
 * A system message's text as the HTML the thread shows: a line written as HTML (evidence with its play
 * links) through the allowlist, plain text escaped into paragraphs, so no tag is ever shown as text.
 */
export function systemMessageHtml(content: string): string {
  const text = content.trim();
  if (!text) return '';
  if (/^<(p|ul|ol|div|h[1-6]|blockquote)\b/i.test(text)) return sanitizeHtml(text);
  return text
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeText(para).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A message row (to_json) with its relations, as the statements of this module carry it. */
export interface MessageJson {
  row: Record<string, unknown>;
  relations: MessageRelations;
}

/**
 * The files, author, views (other than the author's) and deliverable of the message row `alias` (of
 * the enclosing query) as one JSON expression, so a statement reads messages with what they show.
 */
function messageRelationsSql(alias: string): SQL<MessageRelations> {
  const m = sql.identifier(alias);
  return sql<MessageRelations>`json_build_object(
    'files', (
      select coalesce(json_agg(to_json(mf)), '[]') from ${files} mf
      where mf.id in (select (jsonb_array_elements_text(${m}.content_files_ids))::int)
    ),
    'user', ${memberJsonSql(sql`${m}.user_id`)},
    'views', (
      select coalesce(json_agg(json_build_object('user_id', mv.user_id, 'views', mv.views) order by mv.id), '[]')
      from ${messageViews} mv where mv.message_id = ${m}.id and mv.user_id is distinct from ${m}.user_id
    ),
    'deliverable', (
      select json_build_object(
        'id', md.id, 'status', md.status, 'package_job_id', md.package_job_id, 'job_description', mj.description,
        'ad_type', (select ma.type from ${campaignAds} mca inner join ${ads} ma on ma.id = mca.ad_id where mca.id = mj.campaign_ad_id),
        'delivery_date', mj.delivery_date,
        'reference_id', md.reference_id, 'reference_type', md.reference_type
      )
      from ${deliverables} md inner join ${packageJobs} mj on mj.id = md.package_job_id
      where md.id = ${m}.deliverable_id
    )
  )`;
}

/** The message row `alias` (of the enclosing query) with its relations: a MessageJson. */
export function messageJsonSql(alias: string): SQL<MessageJson> {
  return sql<MessageJson>`json_build_object('row', to_json(${sql.identifier(alias)}), 'relations', ${messageRelationsSql(alias)})`;
}

function deliverableOf(d: MessageRelations['deliverable']): MessagePayload['deliverable'] {
  if (!d) return null;
  const { ad_type, delivery_date, ...rest } = d;
  return { ...rest, job_name: jobName({ ad_type, delivery_date }) };
}

function payloadOf(m: MessageRow, relations: MessageRelations): MessagePayload {
  const fileById = new Map(relations.files.map((json) => rowFromJson(files, json)).map((f) => [f.id, f]));
  return {
    id: m.id,
    discussion_id: m.discussion_id,
    // Every message is HTML: a member's rich text through the allowlist, a system line formatted the same way.
    content: m.user_id !== null ? sanitizeHtml(m.content) : systemMessageHtml(m.content),
    type: m.type,
    deliverable_id: m.deliverable_id,
    deliverable: deliverableOf(relations.deliverable),
    content_files_ids: m.content_files_ids,
    files: m.content_files_ids
      .map((id) => fileById.get(id))
      .filter((f): f is FileRow => !!f)
      .map((f) => attachmentPayload(f)),
    record_id: m.record_id,
    user_id: m.user_id,
    user: m.user_id !== null && relations.user ? memberFromJson(relations.user) : null,
    reply_deliverables_count: m.reply_deliverables_count,
    edited_at: m.edited_at?.toISOString() ?? null,
    created_at: m.created_at.toISOString(),
    updated_at: m.updated_at.toISOString(),
    views: relations.views,
  };
}

/** The payload of a message read by messageJsonSql(). */
export function messageFromJson(json: MessageJson): MessagePayload {
  return payloadOf(rowFromJson(messages, json.row), json.relations);
}

/** Loads the payloads of messages (in the order given; one statement). */
export async function messagePayloads(rows: MessageRow[]): Promise<MessagePayload[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const found = await db
    .select({ id: messages.id, relations: messageRelationsSql('messages') })
    .from(messages)
    .where(
      inArray(
        messages.id,
        rows.map((m) => m.id),
      ),
    );
  const byId = new Map(found.map((f) => [f.id, f.relations]));
  return rows.map((m) => payloadOf(m, byId.get(m.id) ?? { files: [], user: null, views: [], deliverable: null }));
}

/** One message's payload. */
export async function messagePayload(row: MessageRow): Promise<MessagePayload> {
  return (await messagePayloads([row]))[0]!;
}

export const THREAD_PAGE = 50;

/** Which page of a thread: the latest, the one before a message id (scrolling back), or every message after one (catching up). */
export interface MessagePageOptions {
  before?: number;
  after?: number;
  limit?: number;
}

/** After a message id a page holds at most this many (what a reconnecting client missed). */
const CATCH_UP_LIMIT = 500;

/** The page of the discussion's messages that `options` names, as a JSON array of MessageJson (read it with messagePageOf()). */
export function messagePageSql(discussionId: number, options: MessagePageOptions = {}): SQL<MessageJson[]> {
  const after = options.after !== undefined;
  const order = after ? sql`asc` : sql`desc`;
  const bound = after ? sql`and pq.id > ${options.after}` : options.before !== undefined ? sql`and pq.id < ${options.before}` : sql``;
  const limit = after ? CATCH_UP_LIMIT : (options.limit ?? THREAD_PAGE) + 1;
  return sql<MessageJson[]>`(
    select coalesce(json_agg(${messageJsonSql('pm')} order by pm.id ${order}), '[]')
    from (select * from ${messages} pq where pq.discussion_id = ${discussionId} ${bound} order by pq.id ${order} limit ${limit}) pm
  )`;
}

/** The messages of a page read by messagePageSql(), oldest first, and whether older ones remain. */
export function messagePageOf(page: MessageJson[], options: MessagePageOptions = {}): { messages: MessagePayload[]; has_more: boolean } {
  if (options.after !== undefined) return { messages: page.map(messageFromJson), has_more: false };
  const limit = options.limit ?? THREAD_PAGE;
  return { messages: page.slice(0, limit).reverse().map(messageFromJson), has_more: page.length > limit };
}

/**
 * Messages of a discussion, oldest first: the latest page, those before a message id (scrolling
 * back), or every one after a message id (what a reconnecting client missed). One statement.
 */
export async function listMessages(discussionId: number, options: MessagePageOptions = {}): Promise<{ messages: MessagePayload[]; has_more: boolean }> {
  const db = await getDb();
  const { rows } = await db.execute<{ page: MessageJson[] }>(sql`select ${messagePageSql(discussionId, options)} as page`);
  return messagePageOf(rows[0]?.page ?? [], options);
}
