/**
 * The workroom's realtime events, one function per event, called after the change is committed.
 * Thread events go to the workroom's channel; each member's badge and list update on their own channel.
 */
import { broadcast } from '../realtime';
import { countUnreadWorkrooms } from './unread';
import type { MessagePayload } from './message-payload';

export const workroomChannel = (discussionId: number) => `private-workrooms.${discussionId}`;
export const userChannel = (userId: number) => `private-users.${userId}`;

/** Tells each user how many workrooms are unread for them now, and which discussion changed. */
export async function publishDiscussionUpdated(discussionId: number, userIds: number[]): Promise<void> {
  await Promise.all(
    userIds.map(async (id) =>
      broadcast(userChannel(id), 'discussion.updated', { discussion_id: discussionId, unread_workrooms: await countUnreadWorkrooms(id) }),
    ),
  );
}

/** A new message: the thread shows it, the other members' lists and badges update. */
export async function publishMessageCreated(message: MessagePayload, members: number[], socketId?: string): Promise<void> {
  await broadcast(workroomChannel(message.discussion_id), 'message.created', message, socketId);
  await publishDiscussionUpdated(
    message.discussion_id,
    members.filter((id) => id !== message.user_id),
  );
}

/** An edited message (or one whose deliverable changed). */
export async function publishMessageUpdated(message: MessagePayload, socketId?: string): Promise<void> {
  await broadcast(workroomChannel(message.discussion_id), 'message.updated', message, socketId);
}

/** A member has seen messages: the authors' 'seen by' updates. */
export async function publishMessagesViewed(discussionId: number, userId: number, messageIds: number[]): Promise<void> {
  await broadcast(workroomChannel(discussionId), 'message.viewed', { discussion_id: discussionId, user_id: userId, message_ids: messageIds });
}

/** A deliverable was submitted, approved or rejected. */
export async function publishDeliverableUpdated(
  discussionId: number,
  deliverable: { id: number; status: string; package_job_id: number },
  members: number[],
): Promise<void> {
  await broadcast([workroomChannel(discussionId), ...members.map(userChannel)], 'deliverable.updated', { discussion_id: discussionId, ...deliverable });
}
