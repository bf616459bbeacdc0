/**
 * Everything the hosting dashboard shows (/hosting/dashboard): downloads, episodes by state, the latest
 * episodes, the feed's health (Apple's requirements, episodes live, enclosures still on the old host),
 * the redirect state of the old feed, a move away, and the files the migration could not fetch.
 */
import { XMLParser } from 'fast-xml-parser';
import { isRedirecting, migrationReportOf, type MigrationReport } from '../../hosting-rules';
import { now as clockNow } from '../clock';
import type { HostedPodcastPayload } from '../../types';
import { appleFeedProblems, type FeedProblem } from './apple-feed-check';
import { buildHostedFeed } from './build-hosted-feed';
import { dashboardDownloads, type DashboardDownloads } from './dashboard-downloads';
import { type HostedEpisodeListItem, hostingDashboardStats, latestHostedEpisodes } from './list-hosted-episodes';
import { mediaUrlPrefix } from '../media-paths';

export interface HostingDashboard {
  downloads: DashboardDownloads;
  stats: Awaited<ReturnType<typeof hostingDashboardStats>>;
  latest: HostedEpisodeListItem[];
  feed: { url: string; items: number; offHost: number; problems: FeedProblem[]; lastModified: string };
  redirect: { state: 'redirecting' | 'established' | 'not-set'; since: string | null; originalUrl: string | null; failedRequests: number };
  movedTo: { url: string; at: string | null } | null;
  report: MigrationReport | null;
}

const itemParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => name === 'item' });

/** The dashboard of a hosted podcast (the caller has checked the user owns it). */
export async function hostingDashboard(podcast: { id: number; hash_id: string }, hosted: HostedPodcastPayload, now = clockNow()): Promise<HostingDashboard> {
  const [downloads, stats, latest, built] = await Promise.all([
    dashboardDownloads(podcast.id),
    hostingDashboardStats(podcast.id, now),
    latestHostedEpisodes(podcast.id, 5, now),
    buildHostedFeed(podcast.hash_id, now),
  ]);
  const items = built
    ? ((itemParser.parse(built.xml) as { rss?: { channel?: { item?: Array<{ enclosure?: { '@_url'?: string } }> } } }).rss?.channel?.item ?? [])
    : [];
  const prefix = mediaUrlPrefix();
  const settings = hosted.settings ?? {};
  return {
    downloads,
    stats,
    latest,
    feed: {
      url: hosted.url ?? '',
      items: items.length,
      offHost: items.filter((i) => !i.enclosure?.['@_url']?.startsWith(prefix)).length,
      problems: built ? appleFeedProblems(built.xml) : [],
      lastModified: (built?.lastModified ?? now).toISOString(),
    },
    redirect: {
      state: isRedirecting(hosted.redirecting_at, now) ? 'redirecting' : hosted.redirecting_at ? 'established' : 'not-set',
      since: hosted.redirecting_at ?? null,
      originalUrl: hosted.original_url ?? null,
      failedRequests: hosted.original_url_failed_requests ?? 0,
    },
    movedTo: typeof settings.moved_to === 'string' ? { url: settings.moved_to, at: typeof settings.moved_at === 'string' ? settings.moved_at : null } : null,
    report: migrationReportOf(settings),
  };
}
