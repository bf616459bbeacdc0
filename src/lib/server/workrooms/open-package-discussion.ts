/**
 * Opens a package's workroom when a proposal is sent: the discussion with the brand and the podcaster
 * in discussion_users and a 'proposal-details' system message (no user_id). Called inside the
 * proposal's transaction; the workrooms domain builds the rest of the workroom on it.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { discussionUsers, discussions, messages } from '../db';
import { touchActivity } from './membership';

export interface OpenPackageDiscussionInput {
  packageId: number;
  podcastId: number;
  campaignId: number;
  opportunityId: number | null;
  brandUserId: number;
  podcasterUserId: number;
  /** The system message's text (the proposal's summary). */
  content: string;
  /** The package's id as the message's record. */
  recordId?: string | null;
}

/** Finds or creates the package's discussion and posts a 'proposal-details' message; answers both ids. */
export async function openPackageDiscussion(tx: Tx, input: OpenPackageDiscussionInput): Promise<{ discussionId: number; messageId: number }> {
  let [discussion] = await tx
    .select()
    .from(discussions)
    .where(and(eq(discussions.package_id, input.packageId), eq(discussions.type, 'package')));
  if (!discussion) {
    [discussion] = await tx
      .insert(discussions)
      .values({ type: 'package', podcast_id: input.podcastId, package_id: input.packageId, opportunity_id: input.opportunityId, campaign_id: input.campaignId })
      .returning();
  }
  const discussionId = discussion!.id;
  await tx
    .insert(discussionUsers)
    .values([
      { discussion_id: discussionId, user_id: input.brandUserId, is_unread: true },
      { discussion_id: discussionId, user_id: input.podcasterUserId, is_unread: false, last_read_at: new Date() },
    ])
    .onConflictDoUpdate({ target: [discussionUsers.discussion_id, discussionUsers.user_id], set: { is_archived: false } });
  const [message] = await tx
    .insert(messages)
    .values({
      discussion_id: discussionId,
      type: 'proposal-details',
      user_id: null,
      content: input.content,
      record_id: input.recordId ?? String(input.packageId),
    })
    .returning({ id: messages.id });
  await tx.update(discussions).set({ last_message_id: message!.id, is_deleted: false }).where(eq(discussions.id, discussionId));
  await touchActivity(discussionId, tx);
  return { discussionId, messageId: message!.id };
}
