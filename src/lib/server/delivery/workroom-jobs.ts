/** The delivery panel of a package workroom: each hired job's state, air date, ad review and proof of airing, for either side. */
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { ads, airChecks, campaignAds, deliverables, episodes, packageJobs, packages, podcasts } from '../db/schema';
import type { SessionUser } from '../users/session-user';
import { memberDiscussion } from '../workrooms/membership';
import { formatOffset } from './fingerprint';
import { playFrom } from './listen';
import type { DeliveryJobPayload, DeliveryPanelPayload } from '../../delivery-types';

export type { DeliveryJobPayload, DeliveryPanelPayload };

/** The hired jobs of a package workroom the user is a member of. */
export async function workroomDeliveryJobs(user: SessionUser, discussionId: number): Promise<DeliveryPanelPayload> {
  const { discussion } = await memberDiscussion(user.id, discussionId);
  const db = await getDb();
  if (discussion.type !== 'package' || !discussion.package_id) return { discussion_id: discussionId, podcast: null, jobs: [] };
  const [head] = await db
    .select({ pkg: packages, podcast: podcasts })
    .from(packages)
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .where(eq(packages.id, discussion.package_id));
  if (head?.pkg.status !== 'hired') return { discussion_id: discussionId, podcast: null, jobs: [] };
  const rows = await db
    .select({ job: packageJobs, type: ads.type, episode: episodes })
    .from(packageJobs)
    .leftJoin(campaignAds, eq(campaignAds.id, packageJobs.campaign_ad_id))
    .leftJoin(ads, eq(ads.id, campaignAds.ad_id))
    .leftJoin(episodes, eq(episodes.id, packageJobs.aired_episode_id))
    .where(and(eq(packageJobs.package_id, head.pkg.id), eq(packageJobs.is_episode, true), isNull(packageJobs.declined_at)))
    .orderBy(asc(packageJobs.delivery_date), asc(packageJobs.id));
  const ids = rows.map((r) => r.job.id);
  const ds = ids.length ? await db.select().from(deliverables).where(inArray(deliverables.package_job_id, ids)).orderBy(desc(deliverables.id)) : [];
  const checks = ids.length
    ? await db
        .select({ check: airChecks, title: episodes.title, url: episodes.enclosure_url })
        .from(airChecks)
        .leftJoin(episodes, eq(episodes.id, airChecks.episode_id))
        .where(and(inArray(airChecks.package_job_id, ids), eq(airChecks.source, 'link')))
        .orderBy(desc(airChecks.id))
    : [];
  const jobs = rows.map(({ job, type, episode }): DeliveryJobPayload => {
    const latest = ds.find((d) => d.package_job_id === job.id) ?? null;
    const approved = ds.find((d) => d.package_job_id === job.id && d.status === 'accepted') ?? null;
    const link = checks.find((c) => c.check.package_job_id === job.id) ?? null;
    const audio = episode?.enclosure_url ?? null;
    return {
      id: job.id,
      package_id: job.package_id,
      description: job.description,
      status: job.status,
      is_funded: job.is_funded,
      delivery_date: job.delivery_date,
      ad_type: type ?? 'sponsorship',
      deliverable: latest ? { id: latest.id, status: latest.status } : null,
      approved_deliverable_id: approved?.id ?? null,
      link: link
        ? {
            status: link.check.status,
            title: link.title,
            url: link.url ?? link.check.url,
            ad_start: link.check.offset_ms !== null && link.check.status === 'found' ? formatOffset(link.check.offset_ms) : null,
          }
        : null,
      aired:
        job.status === 'completed'
          ? {
              title: episode?.title ?? null,
              aired_at: job.aired_at?.toISOString() ?? null,
              ad_start: job.ad_offset_ms === null ? null : formatOffset(job.ad_offset_ms),
              play_url: audio && job.ad_offset_ms !== null ? playFrom(audio, job.ad_offset_ms) : null,
            }
          : null,
    };
  });
  return { discussion_id: discussionId, podcast: { id: head.podcast.id, hash_id: head.podcast.hash_id, title: head.podcast.title }, jobs };
}
