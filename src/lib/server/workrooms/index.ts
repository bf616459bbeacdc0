/** The workrooms domain's face: the only module other domains and pages import from it. */
export { listCompletedAds } from './completed-ads';
export { reviewDeliverable, submitDeliverable } from './deliverables';
export { archiveDiscussion, markDiscussionRead, markDiscussionUnread, unarchiveDiscussion, viewMessages } from './discussion-state';
export { editMessage } from './edit-message';
export { discussionPayload, listDiscussions } from './list-discussions';
export { loadWorkroom } from './load-workroom';
export { liveDiscussion, mayJoinWorkroom, memberDiscussion, membershipOn, touchActivity } from './membership';
export { readMessageInput } from './message-input';
export { listMessages } from './message-payload';
export { brandPodcastDiscussion, campaignPackageDiscussions, packageDiscussion, podcastDiscussionIds, sponsorshipDiscussion } from './open-discussion';
export { openPackageDiscussion } from './open-package-discussion';
export { postMessage, postSystemMessage } from './post-message';
export { loadWorkroomPage } from './workroom-page';
export type { WorkroomPage } from './workroom-page';
export { registerAttachmentViewRule } from './attachments';
export { registerDealThread } from './deal-events';
export { countUnreadWorkrooms, unreadWorkroomsSql } from './unread';
