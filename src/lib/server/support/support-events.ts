/**
 * The support chat's realtime events, on the private users.{id} channels the shell already joins:
 * the user's own and every admin's. Published after the change is committed.
 */
import { broadcast } from '../realtime';
import type { ConversationPayload, SupportMessagePayload } from './conversation-payload';
import { countSupportUnread } from './support-unread';

const userChannel = (id: number) => `private-users.${id}`;
/** Realtime events are capped at 10 KB; a longer message is announced without its text and fetched. */
const MAX_INLINE_BYTES = 8_000;

/** The conversation as events carry it: unread counts differ per reader, so each reader's total comes apart. */
function eventConversation({ unread: _unread, last_message: _last, ...rest }: ConversationPayload) {
  return rest;
}

/** A new message: the widget or the admin page shows it; each recipient's badge updates. */
export async function publishSupportMessage(
  conversation: ConversationPayload,
  message: SupportMessagePayload,
  recipients: { id: number; type: string }[],
): Promise<void> {
  const fits = Buffer.byteLength(JSON.stringify(message)) <= MAX_INLINE_BYTES;
  const payload = { conversation: eventConversation(conversation), message: fits ? message : { ...message, content: null } };
  await Promise.all(
    recipients.map(async (r) => broadcast(userChannel(r.id), 'support.message.created', { ...payload, unread_total: await countSupportUnread(r) })),
  );
}

/** A conversation's status or read state changed: lists and badges refresh. */
export async function publishSupportConversationUpdated(conversation: ConversationPayload, recipients: { id: number; type: string }[]): Promise<void> {
  await Promise.all(
    recipients.map(async (r) =>
      broadcast(userChannel(r.id), 'support.conversation.updated', {
        conversation: eventConversation(conversation),
        unread_total: await countSupportUnread(r),
      }),
    ),
  );
}
