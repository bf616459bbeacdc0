/** The support chat's payloads, as the API answers them and the realtime events carry them. */

/** Who started the chat, as the widget was started with it (marketplace-core §2). */
export interface SupportIdentity {
  email: string;
  user_id: number;
  name: string;
  avatar: string | null;
  is_podcaster: boolean;
}

export interface SupportMessagePayload {
  id: number;
  conversation_id: number;
  user_id: number | null;
  from_support: boolean;
  /** Who wrote it as the reader sees it: the user's name, or 'Cuepoint support' for the team. */
  author_name: string;
  /** Null in a realtime event whose text was too long to carry: fetch the conversation. */
  content: string | null;
  created_at: string;
}

export interface ConversationPayload {
  id: number;
  user_id: number;
  identity: SupportIdentity;
  status: 'open' | 'closed';
  /** Messages the viewer has not read (the team's answers for the user; the user's messages for admins). */
  unread: number;
  last_message: SupportMessagePayload | null;
  last_message_at: string;
  created_at: string;
}

export interface ConversationWithMessages extends ConversationPayload {
  messages: SupportMessagePayload[];
}

/** `support.message.created` on private-users.{id}: the conversation (without per-reader counts), the message, the reader's badge. */
export interface SupportMessageEvent {
  conversation: Omit<ConversationPayload, 'unread' | 'last_message'>;
  message: SupportMessagePayload;
  unread_total: number;
}

/** `support.conversation.updated`: status or read state changed. */
export interface SupportConversationEvent {
  conversation: Omit<ConversationPayload, 'unread' | 'last_message'>;
  unread_total: number;
}

/** Adds messages to a thread by id (a realtime echo of one's own message is not doubled), oldest first. */
export function mergeSupportMessages(current: SupportMessagePayload[], incoming: SupportMessagePayload[]): SupportMessagePayload[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) if (m.content !== null || !byId.has(m.id)) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
