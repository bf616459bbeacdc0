/** The support chat's API shapes, shared by the endpoints, the events and the pages. */
import type { supportConversations, supportMessages } from '../db';
import type { ConversationPayload, SupportIdentity, SupportMessagePayload } from '../../support-types';

export type { ConversationPayload, SupportMessagePayload };

export type ConversationRow = typeof supportConversations.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;

/** The name shown on the team's answers, whoever of the admins wrote them. */
export const SUPPORT_NAME = 'Cuepoint support';

/** A message as the API and the realtime events carry it. */
export function serializeSupportMessage(row: SupportMessageRow, identity: SupportIdentity): SupportMessagePayload {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    user_id: row.user_id,
    from_support: row.from_support,
    author_name: row.from_support ? SUPPORT_NAME : identity.name,
    content: row.content,
    created_at: row.created_at.toISOString(),
  };
}

/** A conversation with its latest message and the viewer's unread count. */
export function serializeConversation(row: ConversationRow, lastMessage: SupportMessageRow | null, unread: number): ConversationPayload {
  return {
    id: row.id,
    user_id: row.user_id,
    identity: row.identity,
    status: row.status,
    unread,
    last_message: lastMessage ? serializeSupportMessage(lastMessage, row.identity) : null,
    last_message_at: row.last_message_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}
