/** One workroom as its page and GET /api/v0/workrooms/{type}/{id} show it: the discussion and its latest messages. */
import { notFound } from '../http';
import { memberDiscussionPayload, type DiscussionPayload } from './list-discussions';
import { WORKROOM_TYPES } from './membership';
import { messagePageOf, messagePageSql, type MessagePageOptions, type MessagePayload } from './message-payload';

export interface WorkroomPayload {
  discussion: DiscussionPayload;
  messages: MessagePayload[];
  has_more: boolean;
}

/** The workroom for a member (one statement); the {type} must be the discussion's own type (anything else is 404). */
export async function loadWorkroom(userId: number, type: string, discussionId: number, options: MessagePageOptions = {}): Promise<WorkroomPayload> {
  if (!(WORKROOM_TYPES as readonly string[]).includes(type)) throw notFound();
  const { discussion, page } = await memberDiscussionPayload(userId, discussionId, { page: messagePageSql(discussionId, options) }, { cached: true });
  if (discussion.type !== type) throw notFound();
  return { discussion, ...messagePageOf(page, options) };
}
