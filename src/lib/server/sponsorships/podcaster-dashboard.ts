/** The podcaster dashboard: their sponsorships, proposals across podcasts and upcoming slots. */
import type { AstroCookies } from 'astro';
import { and, eq, inArray } from 'drizzle-orm';
import { packages } from '../db/schema';
import { type PackagePayload, recentPackages } from '../proposals/serialize-package';
import { upcomingSlots } from '../slots/slots';
import type { CalendarSlot } from '../../slots';
import { currentPagePodcast } from './current-podcast';
import type { SessionUser } from '../users/session-user';
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
  const proposals = await recentPackages(and(eq(packages.podcaster_user_id, user.id), inArray(packages.status, ['pending', 'hired']))!, 20);
  if (!podcast) {
    return {
      podcast: null,
      counts: { othersCount: 0, notFitCount: 0, pendingCount: 0, declinedCount: 0, hiredCount: 0 },
      featured: [],
      newest: [],
      proposals,
      upcoming: [],
    };
  }
  const all = await allSponsorships(podcast);
  const schedule = podcast.schedule_settings as { days?: number[] } | null;
  return {
    podcast: { id: podcast.id, title: podcast.title, hash_id: podcast.hash_id, has_schedule: !!schedule?.days?.length },
    counts: { ...countSponsorships(all), hiredCount: all.filter((s) => s.tab === 'hired').length },
    featured: all.filter((s) => s.is_featured && (s.tab === 'others' || s.tab === 'not-fit')).slice(0, 3),
    newest: all.filter((s) => s.tab === 'others' && !s.is_featured).slice(0, 3),
    proposals,
    upcoming: await upcomingSlots(podcast, 8),
  };
}
