/** What the workroom screen (/workrooms/{type}/{id}) shows, read in as few statements as it takes. */
import { workroomJobs } from '../delivery';
import type { SessionUser } from '../users';
import { paginate, type Paginated } from '../../paginate';
import type { DeliveryPanelPayload } from '../../delivery-types';
import type { DeliverableJob } from '../../workroom-types';
import { listDiscussions, type DiscussionPayload } from './list-discussions';
import { loadWorkroom, type WorkroomPayload } from './load-workroom';

export interface WorkroomPage {
  workroom: WorkroomPayload;
  /** The user's list beside it (their archive when the workroom is archived for them). */
  list: Paginated<DiscussionPayload>;
  /** A package workroom's delivery panel, and the jobs its podcaster can submit an ad for. */
  delivery: DeliveryPanelPayload | null;
  deliverableJobs: DeliverableJob[];
}

/**
 * The open workroom, the list and, for a package workroom, its jobs: one statement each (the list
 * none while its cached page holds). 404 for a workroom the user is not a member of, never its data.
 */
export async function loadWorkroomPage(user: SessionUser, type: string, discussionId: number): Promise<WorkroomPage> {
  // The jobs' statement checks membership on its own, so it runs alongside the workroom's.
  const [workroom, jobs] = await Promise.all([loadWorkroom(user.id, type, discussionId), type === 'package' ? workroomJobs(user, discussionId) : null]);
  const { items, total, page, perPage, next_cursor } = await listDiscussions(user.id, { archived: workroom.discussion.is_archived });
  const list = paginate(items, total, page, perPage, '/api/discussions', {});
  return {
    workroom,
    list: { ...list, meta: { ...list.meta, next_cursor } },
    delivery: jobs?.panel ?? null,
    deliverableJobs: jobs?.submittable ?? [],
  };
}
