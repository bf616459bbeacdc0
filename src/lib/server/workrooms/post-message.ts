/** Posting to a workroom: a member's message (text and files) or a system message, published after commit. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb, type Tx, discussionUsers, discussions, messages, notifications } from '../db';
import { fieldError } from '../http';
import { sanitizeHtml, isBlankHtml } from '../podcasts';
import { htmlToText } from '../../format/text';
import { notify, notifyAndMail } from '../notifications';
import type { SessionUser } from '../users';
import { assertOwnFiles, storeUploads } from './attachments';
import { publishMessageCreated } from './events';
import { memberDiscussion, memberIds, touchActivity, type DiscussionRow } from './membership';
import { messagePayload, type MessagePayload, type MessageRow } from './message-payload';

export const MESSAGE_MAX_LENGTH = 10_000;

export interface MessageInput {
  content: string;
  content_files_ids?: number[];
  uploads?: File[];
}

/** A member posts a message with optional files; the others are notified. */
export async function postMessage(user: SessionUser, discussionId: number, input: MessageInput, socketId?: string): Promise<MessagePayload> {
  // Rich text from the editor: stored only through the shared allowlist; an empty editor counts as no text.
  const clean = sanitizeHtml(input.content);
  const content = isBlankHtml(clean) ? '' : clean;
  const fileIds = [...new Set(input.content_files_ids ?? [])];
  const uploads = input.uploads ?? [];
  if (!content && fileIds.length === 0 && uploads.length === 0) throw fieldError('content', 'Write a message or attach a file.');
  if (content.length > MESSAGE_MAX_LENGTH) throw fieldError('content', `The content field must not be greater than ${MESSAGE_MAX_LENGTH} characters.`);
  const db = await getDb();
  const { discussion } = await memberDiscussion(user.id, discussionId);
  await assertOwnFiles(user.id, fileIds);
  const row = await db.transaction(async (tx) => {
    const stored = await storeUploads(user.id, uploads, tx);
    return insertMessage(tx, discussion, { content, content_files_ids: [...fileIds, ...stored], user_id: user.id });
  });
  const payload = await messagePayload(row);
  const members = await memberIds(discussionId);
  await publishMessageCreated(payload, members, socketId);
  await notifyMembers(discussion, payload, members);
  return payload;
}

/** Inserts a message, moves the discussion's last message, marks it read for the author and unarchives it for everyone. */
export async function insertMessage(
  tx: Tx,
  discussion: DiscussionRow,
  values: {
    content: string;
    content_files_ids?: number[];
    user_id: number | null;
    type?: MessageRow['type'];
    deliverable_id?: number | null;
    record_id?: string | null;
  },
): Promise<MessageRow> {
  const [row] = await tx
    .insert(messages)
    .values({
      discussion_id: discussion.id,
      content: values.user_id !== null ? sanitizeHtml(values.content) : values.content,
      content_files_ids: values.content_files_ids ?? [],
      user_id: values.user_id,
      type: values.type ?? 'default',
      deliverable_id: values.deliverable_id ?? null,
      record_id: values.record_id ?? null,
    })
    .returning();
  if (values.content_files_ids?.length) {
    await tx.execute(
      sql`update files set reference_type = 'discussion', reference_id = ${discussion.id} where id in (select jsonb_array_elements_text(${JSON.stringify(values.content_files_ids)}::jsonb)::int)`,
    );
  }
  await tx.update(discussions).set({ last_message_id: row!.id }).where(eq(discussions.id, discussion.id));
  // New activity brings an archived workroom back for everyone, and to the top of their lists.
  await tx.update(discussionUsers).set({ is_archived: false }).where(eq(discussionUsers.discussion_id, discussion.id));
  await touchActivity(discussion.id, tx);
  if (values.user_id !== null) {
    await tx
      .update(discussionUsers)
      .set({ last_read_at: row!.created_at, is_unread: false })
      .where(and(eq(discussionUsers.discussion_id, discussion.id), eq(discussionUsers.user_id, values.user_id)));
  }
  return row!;
}

/** A system message (empty user_id): proposal details, detected ads, deliverable events. Published to the thread and badges. */
export async function postSystemMessage(
  discussionId: number,
  content: string,
  options: { type?: MessageRow['type']; deliverable_id?: number | null; record_id?: string | null } = {},
): Promise<MessagePayload> {
  const db = await getDb();
  const [discussion] = await db.select().from(discussions).where(eq(discussions.id, discussionId));
  if (!discussion) throw new Error(`postSystemMessage: no discussion ${discussionId}`);
  const row = await db.transaction((tx) => insertMessage(tx, discussion, { content, user_id: null, ...options }));
  const payload = await messagePayload(row);
  await publishMessageCreated(payload, await memberIds(discussionId));
  return payload;
}

const excerpt = (text: string, files: number) => {
  const flat = htmlToText(text);
  if (!flat) return files === 1 ? 'Sent a file.' : `Sent ${files} files.`;
  return flat.length > 140 ? `${flat.slice(0, 137)}…` : flat;
};

/**
 * Tells the other members about a message: a notification each; a mail only for the first unread
 * message of a streak, so a busy conversation does not flood an offline inbox.
 */
async function notifyMembers(discussion: DiscussionRow, message: MessagePayload, members: number[]): Promise<void> {
  const db = await getDb();
  const link = `/workrooms/${discussion.type}/${discussion.id}`;
  const name = message.user?.brand_name || message.user?.full_name || 'Someone';
  for (const id of members.filter((m) => m !== message.user_id)) {
    const [pending] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.notifiable_id, id),
          eq(notifications.type, 'message.created'),
          isNull(notifications.read_at),
          sql`${notifications.data} ->> 'link' = ${link}`,
        ),
      )
      .limit(1);
    const input = {
      kind: 'messages' as const,
      type: 'message.created',
      title: `New message from ${name}`,
      description: excerpt(message.content, message.files.length),
      img: message.user?.avatar ?? null,
      user_id: message.user_id,
      podcast_id: discussion.podcast_id,
      link_type: 'workroom',
      link,
      action: 'Reply in the workroom',
    };
    if (pending) {
      await notify(id, input);
    } else {
      await notifyAndMail(id, input);
    }
  }
}
