/**
 * Messaging podcasters from the proposal feed: one message to the package discussion (workroom) of
 * each chosen proposal, creating the discussion and its members on first use.
 * TODO: the workrooms branch owns discussions; this writes the same rows so the lead can merge onto theirs.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { discussionUsers, discussions, messages, packages, podcasts } from '../db/schema';
import { fieldError, validate } from '../http';
import { notify } from '../notifications/notify';
import { broadcast } from '../realtime/realtime';
import { findOwnedCampaign } from './find-campaign';

export const bulkMessageSchema = z.object({
  package_ids: z.array(z.coerce.number().int().positive()).min(1, 'Choose at least one proposal.').max(100),
  content: z.string().trim().min(1, 'The message field is required.').max(10_000),
});

export interface SentMessage {
  discussion_id: number;
  package_id: number;
  message_id: number;
}

/** Sends the brand's message to each chosen proposal's workroom of the campaign. */
export async function messagePodcasters(brandUserId: number, campaignId: number, body: unknown): Promise<SentMessage[]> {
  const input = validate(bulkMessageSchema, body);
  await findOwnedCampaign(brandUserId, campaignId);
  const db = await getDb();
  const ids = [...new Set(input.package_ids)];
  const pkgs = await db
    .select({ p: packages, podcast: podcasts.title })
    .from(packages)
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .where(and(eq(packages.campaign_id, campaignId), inArray(packages.id, ids)));
  if (pkgs.length !== ids.length) throw fieldError('package_ids', 'The selected proposals are invalid.');
  const sent = await db.transaction(async (tx) => {
    const out: SentMessage[] = [];
    for (const { p } of pkgs) {
      let [discussion] = await tx.select().from(discussions).where(and(eq(discussions.package_id, p.id), eq(discussions.type, 'package'))).limit(1);
      if (!discussion) {
        [discussion] = await tx.insert(discussions).values({ type: 'package', package_id: p.id, podcast_id: p.podcast_id, campaign_id: campaignId }).returning();
      }
      await tx
        .insert(discussionUsers)
        .values([
          { discussion_id: discussion!.id, user_id: brandUserId, last_read_at: new Date() },
          { discussion_id: discussion!.id, user_id: p.podcaster_user_id },
        ])
        .onConflictDoNothing();
      const [message] = await tx.insert(messages).values({ discussion_id: discussion!.id, user_id: brandUserId, content: input.content, type: 'default' }).returning();
      await tx.update(discussions).set({ last_message_id: message!.id, is_archived: false }).where(eq(discussions.id, discussion!.id));
      await tx.update(discussionUsers).set({ is_archived: false }).where(eq(discussionUsers.discussion_id, discussion!.id));
      out.push({ discussion_id: discussion!.id, package_id: p.id, message_id: message!.id });
    }
    return out;
  });
  for (const s of sent) {
    const pkg = pkgs.find((x) => x.p.id === s.package_id)!;
    await broadcast(`private-workrooms.${s.discussion_id}`, 'message.created', { id: s.message_id, discussion_id: s.discussion_id, user_id: brandUserId, content: input.content, type: 'default' });
    await notify(pkg.p.podcaster_user_id, {
      type: 'message.created', title: 'New message', description: input.content.slice(0, 140), user_id: brandUserId, podcast_id: pkg.p.podcast_id,
      link_type: 'workroom', link: `/workrooms/package/${s.package_id}`,
    });
  }
  return sent;
}
