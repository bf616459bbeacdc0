/** One workroom as its page and GET /api/v0/workrooms/{type}/{id} show it: the discussion and its latest messages. */
import { notFound } from '../http';
import { discussionPayload, type DiscussionPayload } from './list-discussions';
import { WORKROOM_TYPES } from './membership';
import { listMessages, type MessagePayload } from './message-payload';

export interface WorkroomPayload {
  discussion: DiscussionPayload;
  messages: MessagePayload[];
  has_more: boolean;
}

/** The workroom for a member; the {type} must be the discussion's own type (anything else is 404). */
export async function loadWorkroom(
  userId: number,
  type: string,
  discussionId: number,
  options: { before?: number; after?: number } = {},
): Promise<WorkroomPayload> {
  if (!(WORKROOM_TYPES as readonly string[]).includes(type)) throw notFound();
  const discussion = await discussionPayload(userId, discussionId);
  if (discussion.type !== type) throw notFound();
  const { messages, has_more } = await listMessages(discussionId, options);
  return { discussion, messages, has_more };
}
