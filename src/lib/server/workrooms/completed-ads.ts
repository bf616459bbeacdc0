/**
 * Completed Ads: the ads of the user's campaigns (brand) or packages (podcaster) that are verified on
 * air (job completed), with the approved audio, the episode they aired in, its air date and where the ad starts.
 */
import type { WorkroomFile } from '../../workroom-types';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { jobName } from '../../format/job-name';
import { getDb, ads, campaignAds, brands, campaigns, deliverables, episodes, files, messages, packageJobs, packages, podcasts } from '../db';
import { evidenceJsonSql, evidenceOf, type EvidencePayload, formatOffset, playFrom } from '../delivery';
import type { SessionUser } from '../users';
import { attachmentPayload } from './message-payload';

export interface CompletedAd {
  id: number;
  /** name: its ad type and air date ("Host-Read · Dec 8"). */
  job: { id: number; name: string; description: string; fee: number; delivery_date: string | null };
  campaign: { id: number; title: string };
  podcast: { id: number; title: string; hash_id: string; avatar_url: string | null };
  brand_name: string;
  approved_at: string;
  /** The episode it aired in (null when the brand confirmed a link without one), when, and where the ad starts. */
  episode: { id: number; title: string; url: string | null } | null;
  aired_at: string | null;
  ad_start: string | null;
  /** Plays the episode from the ad's start. */
  play_url: string | null;
  audio: WorkroomFile | null;
  workroom_link: string | null;
  /** What Cuepoint heard (the episode, where the ad starts, how much of it, the score, when), and how the airing was accepted. */
  evidence: EvidencePayload | null;
  verified_by: 'detection' | 'brand' | 'admin' | null;
}

/** The user's approved ads, newest first. */
export async function listCompletedAds(user: SessionUser): Promise<CompletedAd[]> {
  const db = await getDb();
  const scope: SQL = user.type === 'BRAND' ? eq(campaigns.brand_user_id, user.id) : eq(packages.podcaster_user_id, user.id);
  const rows = await db
    .select({
      d: deliverables,
      job: packageJobs,
      campaign: campaigns,
      podcast: podcasts,
      brand: brands.name,
      file: files,
      discussionId: messages.discussion_id,
      episode: episodes,
      evidence: evidenceJsonSql(sql`${packageJobs.id}`),
      adType: sql<string | null>`(select a.type from ${campaignAds} ca inner join ${ads} a on a.id = ca.ad_id where ca.id = ${packageJobs.campaign_ad_id})`,
    })
    .from(deliverables)
    .innerJoin(packageJobs, eq(packageJobs.id, deliverables.package_job_id))
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(campaigns, eq(campaigns.id, packages.campaign_id))
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .leftJoin(brands, eq(brands.user_id, campaigns.brand_user_id))
    .leftJoin(files, and(eq(deliverables.reference_type, 'file'), eq(files.id, deliverables.reference_id)))
    .leftJoin(messages, and(eq(messages.deliverable_id, deliverables.id), inArray(messages.type, ['ad-review'])))
    .leftJoin(episodes, eq(episodes.id, packageJobs.aired_episode_id))
    .where(and(eq(deliverables.status, 'accepted'), eq(packageJobs.status, 'completed'), scope))
    .orderBy(desc(packageJobs.aired_at), desc(deliverables.updated_at));
  return rows.map((r) => ({
    id: r.d.id,
    job: {
      id: r.job.id,
      name: jobName({ ad_type: r.adType, delivery_date: r.job.delivery_date }),
      description: r.job.description,
      fee: r.job.fee,
      delivery_date: r.job.delivery_date,
    },
    campaign: { id: r.campaign.id, title: r.campaign.title },
    podcast: { id: r.podcast.id, title: r.podcast.title, hash_id: r.podcast.hash_id, avatar_url: r.podcast.avatar_url },
    brand_name: r.brand ?? '',
    approved_at: (r.d.approved_at ?? r.d.updated_at).toISOString(),
    episode: r.episode ? { id: r.episode.id, title: r.episode.title, url: r.episode.enclosure_url } : null,
    aired_at: r.job.aired_at?.toISOString() ?? null,
    ad_start: r.job.ad_offset_ms === null ? null : formatOffset(r.job.ad_offset_ms),
    play_url: r.episode?.enclosure_url && r.job.ad_offset_ms !== null ? playFrom(r.episode.enclosure_url, r.job.ad_offset_ms) : null,
    audio: r.file && r.discussionId ? attachmentPayload(r.file) : null,
    workroom_link: r.discussionId ? `/workrooms/package/${r.discussionId}` : null,
    evidence: r.evidence ? evidenceOf(r.evidence) : null,
    verified_by: !r.evidence ? null : r.evidence.status === 'found' ? 'detection' : r.evidence.status === 'disputed' ? 'admin' : 'brand',
  }));
}
