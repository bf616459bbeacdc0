/** The podcaster dashboard: their sponsorships, proposals across podcasts and upcoming slots. */
import type { AstroCookies } from 'astro';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { packages } from '../db/schema';
import { type PackagePayload, type ReadPackage, recentPackages, recentPackagesFrom, recentPackagesQuery } from '../proposals/serialize-package';
import { calendarOf, calendarRange, type SlotRecordRow, slotRecordsFrom, slotRecordsQuery, upcomingOf } from '../slots/slots';
import type { CalendarSlot } from '../../slots';
import { currentPagePodcast } from './current-podcast';
import type { SessionUser } from '../users/session-user';
import type { PodcastRow } from '../podcasts/list-podcasts';
import { allSponsorships, countSponsorships, type SponsorshipPayload } from './list-sponsorships';

export interface DashboardData {
  podcast: { id: number; title: string; hash_id: string; has_schedule: boolean } | null;
  counts: ReturnType<typeof countSponsorships> & { hiredCount: number };
  featured: SponsorshipPayload[];
  newest: SponsorshipPayload[];
  proposals: Array<PackagePayload & { campaign_title: string }>;
  upcoming: CalendarSlot[];
}

/** Everything the dashboard shows, for the current podcast (proposals of every podcast of the user). */
export async function podcasterDashboard(user: SessionUser, cookies: AstroCookies): Promise<DashboardData> {
  const podcast = await currentPagePodcast(user, cookies);
  const proposalsWhere = and(eq(packages.podcaster_user_id, user.id), inArray(packages.status, ['pending', 'hired']))!;
  if (!podcast) {
    return {
      podcast: null,
      counts: { othersCount: 0, notFitCount: 0, pendingCount: 0, declinedCount: 0, hiredCount: 0 },
      featured: [],
      newest: [],
      proposals: await recentPackages(proposalsWhere, PROPOSALS),
      upcoming: [],
    };
  }
  const [own, all] = await Promise.all([proposalsAndCalendar(podcast, proposalsWhere), allSponsorships(podcast)]);
  const schedule = podcast.schedule_settings as { days?: number[] } | null;
  return {
    podcast: { id: podcast.id, title: podcast.title, hash_id: podcast.hash_id, has_schedule: !!schedule?.days?.length },
    counts: { ...countSponsorships(all), hiredCount: all.filter((s) => s.tab === 'hired').length },
    featured: all.filter((s) => s.is_featured && (s.tab === 'others' || s.tab === 'not-fit')).slice(0, 3),
    newest: all.filter((s) => s.tab === 'others' && !s.is_featured).slice(0, 3),
    proposals: own.proposals,
    upcoming: own.upcoming,
  };
}

const PROPOSALS = 20;
const UPCOMING_DAYS = 8;

/**
 * The user's recent proposals and the podcast's next available days, in one statement: each part the
 * SQL of its own read (recentPackages, slotRecords for upcomingSlots) nested as JSON.
 */
async function proposalsAndCalendar(podcast: PodcastRow, proposalsWhere: SQL) {
  const db = await getDb();
  const range = calendarRange(podcast);
  const { rows } = await db.execute<{ proposals: ReadPackage[]; records: SlotRecordRow[] }>(sql`select
    (select coalesce(json_agg(p), '[]') from (${recentPackagesQuery(db, proposalsWhere, PROPOSALS)}) p) as proposals,
    (select coalesce(json_agg(r), '[]') from (${slotRecordsQuery(db, [podcast.id], range.from, range.to)}) r) as records`);
  const row = rows[0]!;
  return {
    proposals: recentPackagesFrom(row.proposals),
    upcoming: upcomingOf(calendarOf(podcast, slotRecordsFrom([podcast.id], row.records), range.from), UPCOMING_DAYS),
  };
}
