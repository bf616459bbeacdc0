/** PUT /api/messages/{id}: the author edits their own message. */
import { eq } from 'drizzle-orm';
import { getDb, messages } from '../db';
import { fieldError, forbidden, notFound } from '../http';
import { isBlankHtml, sanitizeHtml } from '../podcasts';
import type { SessionUser } from '../users';
import { publishMessageUpdated } from './events';
import { memberDiscussion } from './membership';
import { messagePayload, type MessagePayload } from './message-payload';
import { MESSAGE_MAX_LENGTH } from './post-message';

/** Changes a message's text; only its author may, and system messages never change. */
export async function editMessage(user: SessionUser, messageId: number, content: string, socketId?: string): Promise<MessagePayload> {
  const db = await getDb();
  const [message] = await db.select().from(messages).where(eq(messages.id, messageId));
  if (!message) throw notFound();
  await memberDiscussion(user.id, message.discussion_id); // 404 for anyone outside the workroom
  if (message.user_id !== user.id) throw forbidden('You can only edit your own messages.');
  const clean = sanitizeHtml(content);
  const text = isBlankHtml(clean) ? '' : clean;
  if (!text && message.content_files_ids.length === 0) throw fieldError('content', 'The content field is required.');
  if (text.length > MESSAGE_MAX_LENGTH) throw fieldError('content', `The content field must not be greater than ${MESSAGE_MAX_LENGTH} characters.`);
  const [row] = await db.update(messages).set({ content: text, edited_at: new Date() }).where(eq(messages.id, messageId)).returning();
  const payload = await messagePayload(row!);
  await publishMessageUpdated(payload, socketId);
  return payload;
}
