/**
 * Shapes and small rules shared by the measurement pages and their islands: downloads reports, the
 * date range they cover, and the campaign charts.
 */

export interface DayCount {
  date: string;
  downloads: number;
  listeners: number;
}

export interface NamedCount {
  name: string;
  downloads: number;
}

export interface EpisodeCount {
  id: number | null;
  hash_id: string | null;
  title: string;
  published_at: string | null;
  downloads: number;
}

/** Downloads of a show over a date range (the `downloads` of GET /api/podcasts/{id}/analytics, plus by_os). */
export interface DownloadsReport {
  from: string;
  to: string;
  total: number;
  /** Listeners are an address + User-Agent, recognisable within a day: over several days this counts listener-days. */
  listeners: number;
  by_day: DayCount[];
  by_episode: EpisodeCount[];
  by_app: NamedCount[];
  by_device: NamedCount[];
  by_os: NamedCount[];
  /** ISO 3166-1 alpha-2 codes; '' when the address has no known country. */
  by_country: NamedCount[];
}

export interface DateRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
export const MAX_RANGE_DAYS = 366;

/** The day `n` days after `day` (YYYY-MM-DD, UTC). */
export function shiftDay(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to && days.length <= MAX_RANGE_DAYS; d = shiftDay(d, 1)) days.push(d);
  return days;
}

/** The last `days` days up to `today`. */
export function lastDays(today: string, days: number): DateRange {
  return { from: shiftDay(today, -(days - 1)), to: today };
}

let regions: Intl.DisplayNames | undefined;

/** A country's English name from its code ('' is an unknown country); one formatter for every call. */
export function countryName(code: string): string {
  if (!code) return 'Unknown';
  try {
    regions ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The eight charts of marketplace-core §9, by key, with the names the spec gives them. */
export const STAT_CHARTS = [
  { key: 'listens', name: 'Listens' },
  { key: 'distributors', name: 'Distributors' },
  { key: 'countries', name: 'Countries' },
  { key: 'devices', name: 'Devices' },
  { key: 'ad-releases', name: 'Ad Releases' },
  { key: 'unique-visitors', name: 'Unique Visitors' },
  { key: 'releases-visitors', name: 'Ad Releases and Unique Visitors combined' },
  { key: 'creators', name: 'Creators' },
] as const;
export type StatChartKey = (typeof STAT_CHARTS)[number]['key'];

/** What /campaign/{id}/stats draws: series per day and breakdowns, all computed on the server. */
export interface CampaignChartsData {
  days: string[];
  /** Measured listens per day (self-reported listens have no days). */
  listens: number[];
  /** Measured listens before the first day shown (an ad that aired more than 180 days ago). */
  listens_before: number;
  /** The day the campaign's first ad aired (YYYY-MM-DD), or null before any did. */
  first_aired: string | null;
  releases: number[];
  visitors: number[];
  distributors: NamedCount[];
  countries: NamedCount[];
  devices: NamedCount[];
  /** Listens per podcast, measured and self-reported apart. */
  creators: Array<{ name: string; measured: number; self_reported: number }>;
}

/** What a site's page says about its tracking (GET /api/attribution/sites/{id}/activity). */
export interface SiteActivity {
  snippet: string;
  queue_snippet: string;
  /** The last event received from the site, or null when it never sent one. */
  last_seen_at: string | null;
  /** Events received in the last 30 days, and how many were attributed to a campaign. */
  events_30d: number;
  attributed_30d: number;
  campaigns: Array<{ id: number; visitors: number; hits: number }>;
  /** Now by the server's clock (ISO-8601): "seen 2 minutes ago" is counted from it, as the visits are dated by it. */
  now: string;
}
