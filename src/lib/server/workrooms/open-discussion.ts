/**
 * Finding (or opening) the workroom of a sponsorship, a package or a brand's direct conversation with
 * a podcast. Only the two sides may: anyone else gets 404.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { getDb, campaigns, discussionUsers, discussions, opportunities, packages, podcasts } from '../db';
import { fieldError, notFound } from '../http';
import type { SessionUser } from '../users';
import { addMembers, type DiscussionRow } from './membership';

async function findOrCreate(
  match: { type: string; column: 'package_id' | 'opportunity_id'; id: number },
  values: Omit<typeof discussions.$inferInsert, 'type'>,
  members: number[],
): Promise<DiscussionRow> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(discussions)
      .where(and(eq(discussions.type, match.type), eq(discussions[match.column], match.id), eq(discussions.is_deleted, false)))
      .limit(1);
    const row =
      found ??
      (
        await tx
          .insert(discussions)
          .values({ type: match.type, ...values })
          .returning()
      )[0]!;
    await addMembers(row.id, members, tx);
    return row;
  });
}

/** The workroom of a proposal package, between the campaign's brand and the package's podcaster. */
export async function packageDiscussion(user: SessionUser, packageId: number): Promise<DiscussionRow> {
  const db = await getDb();
  const [pkg] = await db
    .select({ pkg: packages, brand: campaigns.brand_user_id })
    .from(packages)
    .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .where(eq(packages.id, packageId));
  if (!pkg || (pkg.brand !== user.id && pkg.pkg.podcaster_user_id !== user.id)) throw notFound();
  return findOrCreate(
    { type: 'package', column: 'package_id', id: packageId },
    { package_id: packageId, podcast_id: pkg.pkg.podcast_id, campaign_id: pkg.pkg.campaign_id },
    [pkg.brand, pkg.pkg.podcaster_user_id],
  );
}

/** The workroom of a sponsorship opportunity, between the campaign's brand and the podcast's owner. */
export async function sponsorshipDiscussion(user: SessionUser, opportunityId: number): Promise<DiscussionRow> {
  const db = await getDb();
  const [row] = await db
    .select({ opp: opportunities, brand: campaigns.brand_user_id, owner: podcasts.user_id })
    .from(opportunities)
    .innerJoin(campaigns, eq(campaigns.id, opportunities.campaign_id))
    .innerJoin(podcasts, eq(podcasts.id, opportunities.podcast_id))
    .where(eq(opportunities.id, opportunityId));
  if (!row || (row.brand !== user.id && row.owner !== user.id)) throw notFound();
  return findOrCreate(
    { type: 'sponsorship', column: 'opportunity_id', id: opportunityId },
    { opportunity_id: opportunityId, podcast_id: row.opp.podcast_id, campaign_id: row.opp.campaign_id, package_id: row.opp.package_id },
    [row.brand, row.owner],
  );
}

/** The podcast's workrooms the user belongs to (a brand's conversations with it, or all of the owner's). */
export async function podcastDiscussionIds(user: SessionUser, podcastId: number): Promise<number[]> {
  const db = await getDb();
  const [podcast] = await db.select({ id: podcasts.id, owner: podcasts.user_id }).from(podcasts).where(eq(podcasts.id, podcastId));
  if (!podcast) throw notFound();
  const rows = await db
    .select({ id: discussions.id })
    .from(discussions)
    .innerJoin(discussionUsers, and(eq(discussionUsers.discussion_id, discussions.id), eq(discussionUsers.user_id, user.id)))
    .where(and(eq(discussions.podcast_id, podcastId), eq(discussions.is_deleted, false)));
  return rows.map((r) => r.id);
}

/** A brand's direct workroom with a podcast (one per brand and podcast), opened on the first message. */
export async function brandPodcastDiscussion(brand: SessionUser, podcastId: number, campaignId?: number | null): Promise<DiscussionRow> {
  const db = await getDb();
  const [podcast] = await db.select({ id: podcasts.id, owner: podcasts.user_id }).from(podcasts).where(eq(podcasts.id, podcastId));
  if (!podcast) throw notFound();
  if (campaignId) {
    const [own] = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.brand_user_id, brand.id)));
    if (!own) throw fieldError('campaign_id', 'The selected campaign id is invalid.');
  }
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ d: discussions })
      .from(discussions)
      .innerJoin(discussionUsers, and(eq(discussionUsers.discussion_id, discussions.id), eq(discussionUsers.user_id, brand.id)))
      .where(and(eq(discussions.type, 'podcast'), eq(discussions.podcast_id, podcastId), eq(discussions.is_deleted, false)))
      .limit(1);
    const row =
      found?.d ??
      (
        await tx
          .insert(discussions)
          .values({ type: 'podcast', podcast_id: podcastId, campaign_id: campaignId ?? null })
          .returning()
      )[0]!;
    await addMembers(row.id, [brand.id, podcast.owner], tx);
    return row;
  });
}

/** The package workrooms of a campaign's live proposals (optionally only some packages), for the brand's bulk message. */
export async function campaignPackageDiscussions(brand: SessionUser, campaignId: number, packageIds?: number[]): Promise<DiscussionRow[]> {
  const db = await getDb();
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.brand_user_id, brand.id)));
  if (!campaign) throw notFound();
  const filters = [eq(packages.campaign_id, campaignId), notInArray(packages.status, ['declined', 'withdrawn'])];
  if (packageIds) filters.push(inArray(packages.id, packageIds.length ? packageIds : [-1]));
  const rows = await db
    .select({ id: packages.id })
    .from(packages)
    .where(and(...filters));
  if (packageIds && rows.length !== new Set(packageIds).size) throw fieldError('package_ids', 'The selected package ids are invalid.');
  if (rows.length === 0) throw fieldError('content', 'This campaign has no proposals to message yet.');
  const out: DiscussionRow[] = [];
  for (const r of rows) out.push(await packageDiscussion(brand, r.id));
  return out;
}
