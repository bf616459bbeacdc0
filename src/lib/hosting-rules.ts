/** Rules of the hosting spec shared by the server and the browser (§3, §9). */
import { HOSTED_REDIRECT_ACTIVE_DAYS } from './constants';

/** The redirect providers of the Setup redirect screen (hosting spec §2). */
export const REDIRECT_PROVIDERS = ['acast', 'anchor', 'buzzsprout', 'libsyn', 'podbean', 'rss', 'simplecast', 'spreaker', 'soundcloud', 'other'] as const;
export type RedirectProvider = (typeof REDIRECT_PROVIDERS)[number];

/** The realtime event of migration progress ({podcastId, percent}) on `private-users.{userId}`. */
export const PROGRESS_EVENT = 'hosted.migration.progress';
/** The realtime event of a hosted podcast's changed state on `private-users.{userId}`. */
export const HOSTED_UPDATED_EVENT = 'hosted-podcast.updated';

/** A redirect counts as active for 2 days after redirecting_at (hosting spec §9). */
export const REDIRECT_ACTIVE_MS = HOSTED_REDIRECT_ACTIVE_DAYS * 24 * 60 * 60 * 1000;

/** True while the hosted podcast counts as redirecting: for 2 days after redirecting_at. */
export function isRedirecting(redirectingAt: Date | string | null | undefined, now: Date | number = Date.now()): boolean {
  if (!redirectingAt) return false;
  const at = typeof redirectingAt === 'string' ? Date.parse(redirectingAt) : redirectingAt.getTime();
  if (Number.isNaN(at)) return false;
  const current = typeof now === 'number' ? now : now.getTime();
  return current < at + REDIRECT_ACTIVE_MS;
}

/**
 * True when two feed URLs name the same feed: compared after URL normalisation, ignoring the scheme
 * (an http:// redirect to our https:// feed still reaches it) and a trailing slash.
 */
export function sameFeedUrl(a: string | null | undefined, b: string | null | undefined): boolean {
  const norm = (raw: string) => {
    try {
      const u = new URL(raw.trim());
      u.hash = '';
      return `${u.host.toLowerCase()}${u.pathname.replace(/\/+$/, '')}${u.search}`;
    } catch {
      return null;
    }
  };
  if (!a || !b) return false;
  const na = norm(a);
  return na !== null && na === norm(b);
}

export interface MigrationFileCounts {
  total: number;
  copied: number;
  failed: number;
}

/** A file a migration could not move, named for the podcaster. */
export interface FailedFile {
  episode: string | null;
  kind: 'audio' | 'art' | 'transcript' | 'chapters' | 'person' | 'alternate';
  url: string;
  error: string;
}

/** What a migration moved (hosted_podcasts.settings.migration_report, written after every run). */
export interface MigrationReport {
  /** Episodes in the hosted feed: the old feed's items that have an audio file. */
  episodes: number;
  /** Of those, the episodes whose audio Cuepoint serves (the rest still play from the old host); absent in reports written before it was counted. */
  served?: number;
  /** Items of the old feed with no audio file: kept out of the hosted feed (the first 50 titles; `count` has them all). */
  without_audio?: { count: number; titles: string[] };
  files: MigrationFileCounts;
  /** The files that could not be fetched (the first 50; `files.failed` has the count). */
  failed: FailedFile[];
  finished_at: string;
}

/** The migration report in a hosted podcast's settings, or null before the first run finished. */
export function migrationReportOf(settings: Record<string, unknown> | null | undefined): MigrationReport | null {
  const report = settings?.migration_report as MigrationReport | undefined;
  return report && typeof report === 'object' && report.files ? report : null;
}

const FILE_NAMES: Record<FailedFile['kind'], string> = {
  audio: 'the audio',
  art: 'the artwork',
  transcript: 'the transcript',
  chapters: 'the chapters',
  person: 'the person image',
  alternate: 'the alternate enclosure',
};

/** How a migrated file is named for the podcaster: "Audio", "Artwork", "Transcript", "Chapters", "Person image", "Alternate enclosure". */
export function fileKindLabel(kind: FailedFile['kind']): string {
  const name = FILE_NAMES[kind] ?? 'a file';
  return name.replace(/^the /, '').replace(/^./, (c) => c.toUpperCase());
}

/** "2 of 315 files could not be fetched: …", or null when every file moved. */
export function failedFilesSentence(report: Pick<MigrationReport, 'files' | 'failed'>): string | null {
  if (!report.files.failed) return null;
  const names = report.failed.slice(0, 5).map((f) => `${FILE_NAMES[f.kind] ?? 'a file'} of ${f.episode ? `“${f.episode}”` : 'the show'}`);
  const more = report.files.failed - names.length;
  return `${report.files.failed} of ${report.files.total} files could not be fetched: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`;
}

/** "5 items of the old feed have no audio file, so they are not in your Cuepoint feed: “A”, “B” …", or null. */
export function withoutAudioSentence(report: Pick<MigrationReport, 'without_audio'>): string | null {
  const missing = report.without_audio;
  if (!missing?.count) return null;
  const names = missing.titles.slice(0, 5).map((t) => `“${t}”`);
  const more = missing.count - names.length;
  const items = missing.count === 1 ? '1 item of the old feed has' : `${missing.count} items of the old feed have`;
  return `${items} no audio file, so ${missing.count === 1 ? 'it is' : 'they are'} not in your Cuepoint feed${names.length ? `: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}` : ''}.`;
}

/** The episodes a report says Cuepoint serves (a report written before `served` was counted: its episodes). */
export function servedEpisodes(report: Pick<MigrationReport, 'episodes' | 'served'>): number {
  return report.served ?? report.episodes;
}

/** A hosted episode as the episode list shows it: unpublished, published with a date to come, or live. */
export type EpisodeState = 'draft' | 'scheduled' | 'published';

/** The heading of the page after saving an episode: what happened to it, never "published" for one still to come. */
export function successHeading(created: boolean, state: EpisodeState): string {
  if (!created) return 'Episode saved';
  return state === 'scheduled' ? 'Episode scheduled' : state === 'draft' ? 'Draft saved' : 'Episode published';
}

/** The status filter of the episode list. */
export const EPISODE_FILTERS = ['all', 'published', 'scheduled', 'draft'] as const;
export type EpisodeFilter = (typeof EPISODE_FILTERS)[number];
