/** The podcaster dashboard: their sponsorships, proposals across podcasts and upcoming slots. */
import type { AstroCookies } from 'astro';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { getDb, packages } from '../db';
import {
  type PackagePayload,
  type ReadPackage,
  recentPackages,
  recentPackagesFrom,
  recentPackagesQuery,
  countSponsorships,
  sponsorshipIndex,
  sponsorshipsOf,
  type SponsorshipPayload,
} from '../marketplace';
import { calendarOf, calendarRange, type SlotRecordRow, slotRecordsFrom, slotRecordsQuery, upcomingOf } from '../podcasts';
import type { CalendarSlot } from '../../slots';
import { currentPagePodcast } from './current-podcast';
import type { SessionUser } from '../users';
import type { PodcastRow } from '../podcasts';
import { hiredFor, type PodcasterHire, podcasterHires, podcasterHiresOf, podcasterHiresSql } from '../payments';

export interface DashboardData {
  podcast: { id: number; title: string; hash_id: string; has_schedule: boolean } | null;
  counts: ReturnType<typeof countSponsorships>;
  /** The hires of the current podcast (not proposals): how many stand and what they are worth. */
  hired: { count: number; total: number };
  featured: SponsorshipPayload[];
  newest: SponsorshipPayload[];
  /** The user's proposals; a hired one with `hired_total`, what its hires are worth (items not hired left out). */
  proposals: Array<PackagePayload & { campaign_title: string; hired_total: number | null }>;
  upcoming: CalendarSlot[];
}

/** Everything the dashboard shows, for the current podcast (proposals of every podcast of the user). */
export async function podcasterDashboard(user: SessionUser, cookies: AstroCookies): Promise<DashboardData> {
  const podcast = await currentPagePodcast(user, cookies);
  const proposalsWhere = and(eq(packages.podcaster_user_id, user.id), inArray(packages.status, ['pending', 'hired']))!;
  if (!podcast) {
    const [proposals, hires] = await Promise.all([recentPackages(proposalsWhere, PROPOSALS), podcasterHires(user.id)]);
    return {
      podcast: null,
      counts: { othersCount: 0, notFitCount: 0, pendingCount: 0, declinedCount: 0 },
      hired: { count: 0, total: 0 },
      featured: [],
      newest: [],
      proposals: withHired(proposals, hires),
      upcoming: [],
    };
  }
  const [own, index] = await Promise.all([proposalsAndCalendar(podcast, proposalsWhere, user.id), sponsorshipIndex(podcast)]);
  // Three featured open campaigns and the three newest others, read whole (the index is featured first, newest first).
  const featuredRows = index.filter((s) => s.is_featured && (s.tab === 'others' || s.tab === 'not-fit')).slice(0, 3);
  const newestRows = index.filter((s) => s.tab === 'others' && !s.is_featured).slice(0, 3);
  const whole = await sponsorshipsOf(podcast, [...featuredRows, ...newestRows]);
  const schedule = podcast.schedule_settings as { days?: number[] } | null;
  return {
    podcast: { id: podcast.id, title: podcast.title, hash_id: podcast.hash_id, has_schedule: !!schedule?.days?.length },
    counts: countSponsorships(index),
    hired: hiredFor(own.hires, { podcastId: podcast.id }),
    featured: whole.filter((s) => featuredRows.some((r) => r.campaign_id === s.campaign_id)),
    newest: whole.filter((s) => newestRows.some((r) => r.campaign_id === s.campaign_id)),
    proposals: withHired(own.proposals, own.hires),
    upcoming: own.upcoming,
  };
}

/** Each hired proposal with what its hires are worth. */
function withHired<P extends PackagePayload>(proposals: P[], hires: PodcasterHire[]): Array<P & { hired_total: number | null }> {
  return proposals.map((p) => ({ ...p, hired_total: p.status === 'hired' ? hiredFor(hires, { packageId: p.id }).total : null }));
}

const PROPOSALS = 20;
const UPCOMING_DAYS = 8;

/**
 * The user's recent proposals and the podcast's next available days, in one statement: each part the
 * SQL of its own read (recentPackages, slotRecords for upcomingSlots) nested as JSON.
 */
async function proposalsAndCalendar(podcast: PodcastRow, proposalsWhere: SQL, userId: number) {
  const db = await getDb();
  const range = calendarRange(podcast);
  const { rows } = await db.execute<{ proposals: ReadPackage[]; records: SlotRecordRow[]; hires: PodcasterHire[] }>(sql`select
    (select coalesce(json_agg(p), '[]') from (${recentPackagesQuery(db, proposalsWhere, PROPOSALS)}) p) as proposals,
    (select coalesce(json_agg(r), '[]') from (${slotRecordsQuery(db, [podcast.id], range.from, range.to)}) r) as records,
    ${podcasterHiresSql(userId)} as hires`);
  const row = rows[0]!;
  return {
    hires: podcasterHiresOf(row.hires),
    proposals: recentPackagesFrom(row.proposals),
    upcoming: upcomingOf(calendarOf(podcast, slotRecordsFrom([podcast.id], row.records), range.from), UPCOMING_DAYS),
  };
}
