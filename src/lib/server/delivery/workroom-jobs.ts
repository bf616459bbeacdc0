/** The delivery panel of a package workroom: each hired job's state, air date, ad review and proof of airing, for either side. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { statementCache } from '../cache';
import {
  getDb,
  type Db,
  rowFromJson,
  qualified,
  ads,
  airChecks,
  campaignAds,
  deliverables,
  discussionUsers,
  discussions,
  episodes,
  packageJobs,
  packages,
  podcasts,
} from '../db';
import { notFound } from '../http';
import type { SessionUser } from '../users';
import { playFrom } from '../../delivery-evidence';
import { jobName } from '../../format/job-name';
import { showDay } from './air-date-rule';
import { openDisputeJsonSql } from './disputes';
import { evidenceJsonSql, evidenceOf, type EvidenceSource } from './evidence';
import { formatOffset } from './fingerprint';
import type { DeliveryJobPayload, DeliveryPanelPayload } from '../../delivery-types';
import type { DeliverableJob } from '../../workroom-types';

export type { DeliveryJobPayload, DeliveryPanelPayload };

type JobRow = typeof packageJobs.$inferSelect;

/** What jobsJsonSql() evaluates to for one job. */
interface JobJson {
  job: Record<string, unknown>;
  ad_type: DeliveryJobPayload['ad_type'] | null;
  episode: { title: string; enclosure_url: string | null } | null;
  latest: { id: number; status: string } | null;
  approved_id: number | null;
  approved_at: string | null;
  evidence: EvidenceSource | null;
  dispute: DeliveryJobPayload['dispute'];
  link: { status: string; offset_ms: number | null; url: string | null; title: string | null; enclosure_url: string | null } | null;
}

/**
 * The single-episode, not declined jobs of the `packages` row of the enclosing query, by delivery date,
 * each with its ad type, the episode it aired in, its latest and approved deliverables and its latest
 * linked episode, as one JSON array.
 */
function jobsJsonSql(): SQL<JobJson[]> {
  return sql<JobJson[]>`(
    select coalesce(json_agg(json_build_object(
      'job', to_json(j),
      'ad_type', a.type,
      'episode', case when e.id is null then null else json_build_object('title', e.title, 'enclosure_url', e.enclosure_url) end,
      'latest', (select json_build_object('id', x.id, 'status', x.status) from ${deliverables} x where x.package_job_id = j.id order by x.id desc limit 1),
      'approved_id', (select x.id from ${deliverables} x where x.package_job_id = j.id and x.status = 'accepted' order by x.id desc limit 1),
      'approved_at', (select coalesce(x.approved_at, x.updated_at) from ${deliverables} x where x.package_job_id = j.id and x.status = 'accepted' order by x.id desc limit 1),
      'evidence', ${evidenceJsonSql(sql`j.id`)},
      'dispute', ${openDisputeJsonSql(sql`j.id`)},
      'link', (
        select json_build_object('status', c.status, 'offset_ms', c.offset_ms, 'url', c.url, 'title', ce.title, 'enclosure_url', ce.enclosure_url)
        from ${airChecks} c left join ${episodes} ce on ce.id = c.episode_id
        where c.package_job_id = j.id and c.source = 'link' order by c.id desc limit 1
      )
    ) order by j.delivery_date, j.id), '[]')
    from ${packageJobs} j
      left join ${campaignAds} ca on ca.id = j.campaign_ad_id
      left join ${ads} a on a.id = ca.ad_id
      left join ${episodes} e on e.id = j.aired_episode_id
    where j.package_id = ${qualified(packages.id)} and j.is_episode = true and j.declined_at is null
  )`;
}

function jobPayload(job: JobRow, r: JobJson, timeZone: string | null): DeliveryJobPayload {
  const audio = r.episode?.enclosure_url ?? null;
  return {
    id: job.id,
    package_id: job.package_id,
    name: jobName({ ad_type: r.ad_type, delivery_date: job.delivery_date }),
    description: job.description,
    status: job.status,
    is_funded: job.is_funded,
    delivery_date: job.delivery_date,
    ad_type: r.ad_type ?? 'sponsorship',
    deliverable: r.latest,
    approved_deliverable_id: r.approved_id,
    approved_on: r.approved_at ? showDay(new Date(r.approved_at), timeZone) : null,
    evidence: r.evidence ? evidenceOf(r.evidence) : null,
    dispute: r.dispute ? { ...r.dispute, created_at: new Date(r.dispute.created_at).toISOString() } : null,
    link: r.link
      ? {
          status: r.link.status,
          title: r.link.title,
          url: r.link.enclosure_url ?? r.link.url,
          ad_start: r.link.offset_ms !== null && r.link.status === 'found' ? formatOffset(r.link.offset_ms) : null,
        }
      : null,
    aired:
      job.status === 'completed'
        ? {
            title: r.episode?.title ?? null,
            aired_at: job.aired_at?.toISOString() ?? null,
            ad_start: job.ad_offset_ms === null ? null : formatOffset(job.ad_offset_ms),
            play_url: audio && job.ad_offset_ms !== null ? playFrom(audio, job.ad_offset_ms) : null,
          }
        : null,
  };
}

/** A job the podcaster of the package can submit an ad for: funded, open, not in review and without an approved ad. */
function takesAnAd(job: JobRow, approvedId: number | null): boolean {
  return job.is_funded && (job.status === 'in-progress' || job.status === 'rejected') && approvedId === null;
}

/** The package, its podcast and its jobs as one member sees them (no row for anyone else: a member of the discussion, not deleted). */
function panelStatement(db: Db, userId: number, discussionId: number) {
  return db
    .select({
      type: discussions.type,
      pkg: { status: packages.status, podcaster_user_id: packages.podcaster_user_id },
      podcast: { id: podcasts.id, hash_id: podcasts.hash_id, title: podcasts.title, time_zone: podcasts.time_zone },
      jobs: jobsJsonSql(),
    })
    .from(discussions)
    .innerJoin(discussionUsers, and(eq(discussionUsers.discussion_id, discussions.id), eq(discussionUsers.user_id, userId)))
    .leftJoin(packages, eq(packages.id, discussions.package_id))
    .leftJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .where(and(eq(discussions.id, discussionId), eq(discussions.is_deleted, false)));
}

/**
 * Each member's delivery panel rows, kept a few seconds and dropped at once by a write to any table
 * they are read from (a deliverable, a review, an air check, a job).
 */
const panels = statementCache<Awaited<ReturnType<typeof panelStatement>>>('delivery-panel', 5_000);

/**
 * The hired jobs of a package workroom the user is a member of (404 for anyone else), and those of
 * them the user, as the package's podcaster, can submit an ad for. One statement (none while the
 * panel's cached rows hold: what is shown, never checked before a write).
 */
export async function workroomJobs(user: SessionUser, discussionId: number): Promise<{ panel: DeliveryPanelPayload; submittable: DeliverableJob[] }> {
  const db = await getDb();
  const [row] = await panels.getBy(`${user.id}\n${discussionId}`, () => panelStatement(db, user.id, discussionId));
  if (!row) throw notFound();
  if (row.type !== 'package' || row.pkg?.status !== 'hired' || !row.podcast)
    return { panel: { discussion_id: discussionId, podcast: null, jobs: [] }, submittable: [] };
  const jobs = row.jobs.map((r) => ({ job: rowFromJson(packageJobs, r.job), json: r }));
  const isPodcaster = row.pkg.podcaster_user_id === user.id;
  return {
    panel: {
      discussion_id: discussionId,
      podcast: { id: row.podcast.id, hash_id: row.podcast.hash_id, title: row.podcast.title },
      jobs: jobs.map(({ job, json }) => jobPayload(job, json, row.podcast!.time_zone)),
    },
    submittable: jobs
      .filter(({ job, json }) => isPodcaster && takesAnAd(job, json.approved_id))
      .map(({ job, json }) => ({
        id: job.id,
        name: jobName({ ad_type: json.ad_type, delivery_date: job.delivery_date }),
        description: job.description,
        delivery_date: job.delivery_date,
        has_reject_deliverable: job.has_reject_deliverable,
      })),
  };
}

/** The hired jobs of a package workroom the user is a member of (GET /api/discussions/{id}/jobs). */
export async function workroomDeliveryJobs(user: SessionUser, discussionId: number): Promise<DeliveryPanelPayload> {
  return (await workroomJobs(user, discussionId)).panel;
}
