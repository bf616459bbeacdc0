/**
 * Writing in the support chat: a user opens a conversation with a first message and replies in it; an
 * admin answers. Each message is pushed live to the other side (and the author's other tabs); when
 * nobody on the other side is online it is mailed: to the support inbox for the team, to the user for
 * an answer. Admins close a conversation when it is solved; the user's next message reopens it.
 */
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { config } from '../config';
import { getDb, supportConversations, supportMessages, users } from '../db';
import type { SupportIdentity } from '../../support-types';
import { forbidden } from '../http';
import { renderMail, queueMail } from '../mail';
import { notify } from '../notifications';
import type { SessionUser } from '../users';
import { isOnline } from '../users';
import {
  type ConversationPayload,
  type ConversationRow,
  SUPPORT_NAME,
  serializeConversation,
  serializeSupportMessage,
  type SupportMessagePayload,
} from './conversation-payload';
import { findConversation } from './support-conversations';
import { publishSupportConversationUpdated, publishSupportMessage } from './support-events';
import { isSupportAgent, supportTeam } from './support-team';

/** Longest message, in characters. */
export const SUPPORT_MESSAGE_MAX = 4000;
const text = (field: string) =>
  z
    .string()
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(SUPPORT_MESSAGE_MAX, `The ${field} field must not be greater than ${SUPPORT_MESSAGE_MAX} characters.`);

export const openConversationSchema = z.object({ message: text('message') });
export const replySchema = z.object({ content: text('content') });

/** Where a chat link lands: any page with #support opens the chat widget there. */
export const CHAT_LINK = '/#support';

/** What the widget was started with (core §2): email, user id, name, avatar and the podcaster flag. */
export function identityOf(user: Pick<SessionUser, 'id' | 'type' | 'row' | 'brand'>): SupportIdentity {
  const full = `${user.row.first_name} ${user.row.last_name}`.trim();
  return {
    email: user.row.email,
    user_id: user.id,
    name: full || user.brand?.name || user.row.email,
    avatar: user.row.avatar ?? user.brand?.avatar_url ?? null,
    is_podcaster: user.type === 'PODCASTER',
  };
}

type Author = Pick<SessionUser, 'id' | 'type' | 'row' | 'brand'>;

/** Opens a conversation with the team (brands and podcasters; the team answers, it does not open). */
export async function openConversation(user: Author, message: string): Promise<{ conversation: ConversationPayload; message: SupportMessagePayload }> {
  if (isSupportAgent(user)) throw forbidden('Support answers conversations from /admin/support.');
  const db = await getDb();
  const now = new Date();
  const { conversation, row } = await db.transaction(async (tx) => {
    const [conversation] = await tx
      .insert(supportConversations)
      .values({ user_id: user.id, identity: identityOf(user), last_message_at: now, user_read_at: now })
      .returning();
    const [row] = await tx
      .insert(supportMessages)
      .values({ conversation_id: conversation!.id, user_id: user.id, from_support: false, content: message, created_at: now })
      .returning();
    return { conversation: conversation!, row: row! };
  });
  return afterMessage(conversation, row, user, true);
}

/** Adds a message to a conversation: the user's own, or the team's answer. */
export async function postSupportMessage(
  author: Author,
  conversationId: number,
  body: string,
): Promise<{ conversation: ConversationPayload; message: SupportMessagePayload }> {
  const existing = await findConversation(author, conversationId);
  const fromSupport = isSupportAgent(author);
  const db = await getDb();
  const now = new Date();
  const { conversation, row, firstUnread } = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(supportConversations).where(eq(supportConversations.id, existing.id)).for('update');
    // Mail only for the first message the other side has not read yet, so a busy chat does not flood an inbox.
    const othersReadAt = fromSupport ? locked!.user_read_at : locked!.support_read_at;
    const [lastMine] = await tx
      .select({ at: supportMessages.created_at })
      .from(supportMessages)
      .where(and(eq(supportMessages.conversation_id, existing.id), eq(supportMessages.from_support, fromSupport)))
      .orderBy(desc(supportMessages.id))
      .limit(1);
    const firstUnread = !lastMine || (othersReadAt !== null && othersReadAt >= lastMine.at);
    const [conversation] = await tx
      .update(supportConversations)
      .set({
        last_message_at: now,
        ...(fromSupport ? { support_read_at: now } : { user_read_at: now, status: 'open' as const }),
      })
      .where(eq(supportConversations.id, existing.id))
      .returning();
    const [row] = await tx
      .insert(supportMessages)
      .values({ conversation_id: existing.id, user_id: author.id, from_support: fromSupport, content: body, created_at: now })
      .returning();
    return { conversation: conversation!, row: row!, firstUnread };
  });
  return afterMessage(conversation, row, author, firstUnread);
}

/** Pushes the message to both sides and mails the other side when nobody there is online. */
async function afterMessage(
  conversation: ConversationRow,
  row: typeof supportMessages.$inferSelect,
  author: Author,
  firstUnread: boolean,
): Promise<{ conversation: ConversationPayload; message: SupportMessagePayload }> {
  const payload = serializeConversation(conversation, row, 0);
  const message = serializeSupportMessage(row, conversation.identity);
  const team = await supportTeam();
  const owner = { id: conversation.user_id, type: 'USER' };
  await publishSupportMessage(payload, message, [owner, ...team.map((a) => ({ id: a.id, type: 'ADMIN' }))]);
  if (row.from_support) await tellUser(conversation, message, firstUnread);
  else if (firstUnread && !team.some((a) => a.online && a.id !== author.id)) await mailTeam(conversation, message);
  return { conversation: payload, message };
}

/** The team is away: the support inbox gets the message, with who wrote it and a link to answer. */
async function mailTeam(conversation: ConversationRow, message: SupportMessagePayload): Promise<void> {
  const { identity } = conversation;
  await queueMail(
    renderMail({
      to: config().supportEmail,
      subject: `Support chat: ${identity.name} (${identity.is_podcaster ? 'podcaster' : 'brand'})`,
      greeting: 'Hi team,',
      lines: [
        `${identity.name} <${identity.email}> (${identity.is_podcaster ? 'a podcaster' : 'a brand'}) wrote in the support chat while no one was online:`,
        message.content ?? '',
      ],
      action: { label: 'Answer in Cuepoint', url: `${config().appUrl}/admin/support?conversation=${conversation.id}` },
    }),
  );
}

/** An answer from the team: a notification in the bell, and a mail when the user is away. */
async function tellUser(conversation: ConversationRow, message: SupportMessagePayload, firstUnread: boolean): Promise<void> {
  await notify(conversation.user_id, {
    type: 'support.replied',
    title: `${SUPPORT_NAME} replied`,
    description: (message.content ?? '').slice(0, 140),
    link_type: 'support',
    link: CHAT_LINK,
  });
  if (!firstUnread) return;
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, conversation.user_id));
  if (!user || user.deleted_at || isOnline(user.last_seen_at)) return;
  await queueMail(
    renderMail({
      to: user.email,
      subject: `${SUPPORT_NAME} replied to your question`,
      greeting: `Hi ${user.first_name || 'there'},`,
      lines: ['We answered you in the Cuepoint support chat:', message.content ?? ''],
      action: { label: 'Open the chat', url: `${config().appUrl}${CHAT_LINK}` },
      footer: 'Reply in the chat; we will see it right away.',
    }),
  );
}

/** The viewer has read the conversation: their side's read time moves to now and their badge updates. */
export async function markConversationRead(viewer: Author, conversationId: number): Promise<ConversationPayload> {
  const existing = await findConversation(viewer, conversationId);
  const asSupport = isSupportAgent(viewer);
  const db = await getDb();
  const [row] = await db
    .update(supportConversations)
    .set(asSupport ? { support_read_at: new Date() } : { user_read_at: new Date() })
    .where(eq(supportConversations.id, existing.id))
    .returning();
  const payload = serializeConversation(row!, null, 0);
  // The team shares one inbox: every admin's badge follows; a user's own tabs follow theirs.
  const recipients = asSupport ? (await supportTeam()).map((a) => ({ id: a.id, type: 'ADMIN' })) : [{ id: viewer.id, type: viewer.type }];
  await publishSupportConversationUpdated(payload, recipients);
  return payload;
}

/** Closes (solved) or reopens a conversation; the team only. */
export async function setConversationStatus(agent: Author, conversationId: number, status: 'open' | 'closed'): Promise<ConversationPayload> {
  if (!isSupportAgent(agent)) throw forbidden();
  const existing = await findConversation(agent, conversationId);
  const db = await getDb();
  // Marking it solved means the team read it.
  const changes = status === 'closed' ? { status, support_read_at: new Date() } : { status };
  const [row] = await db.update(supportConversations).set(changes).where(eq(supportConversations.id, existing.id)).returning();
  const payload = serializeConversation(row!, null, 0);
  const team = await supportTeam();
  await publishSupportConversationUpdated(payload, [{ id: row!.user_id, type: 'USER' }, ...team.map((a) => ({ id: a.id, type: 'ADMIN' }))]);
  return payload;
}
