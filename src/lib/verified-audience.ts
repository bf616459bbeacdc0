/**
 * A show's verified audience as brands see it before hiring (docs/measurement.md#figures), and the price
 * guide built on it. The figures come from the measurement domain (`verifiedAudiences`); this module holds
 * their shape and the price guide's arithmetic, shared by the server and the islands.
 */
import type { NamedCount } from './analytics-types';

/** The period the verified figures cover, in days up to today. */
export const VERIFIED_DAYS = 90;
/** The days after its publication an episode's downloads count towards the median. */
export const FIRST_DAYS = 30;
/** How many countries and apps the cards name. */
export const TOP_COUNT = 3;
export const MEASURED_LABEL = 'Measured by Cuepoint (IAB v2.2)';

export interface VerifiedAudience {
  podcast_id: number;
  /** True when the counter credited the show with downloads in the period. */
  measured: boolean;
  from: string;
  to: string;
  /** Median, over the episodes published in the period, of each one's downloads in its first 30 days; null without such episodes. */
  median_downloads: number | null;
  /** The episodes the median is taken over. */
  episodes: number;
  /** Downloads of the period (as the analytics API's `total` for the same range). */
  downloads: number;
  /** Listener-days of the period (as the analytics API's `listeners`). */
  listeners: number;
  top_countries: NamedCount[];
  top_apps: NamedCount[];
}

/** A show that is not measured: every figure empty. */
export function unmeasured(podcastId: number, from: string, to: string): VerifiedAudience {
  return { podcast_id: podcastId, measured: false, from, to, median_downloads: null, episodes: 0, downloads: 0, listeners: 0, top_countries: [], top_apps: [] };
}

/**
 * The price guide: what a proposal costs per thousand verified downloads, in integer cents —
 * round(total × 1,000 ÷ (median downloads per episode × ad spots)), where the spots are the proposal's
 * billable, not declined jobs (one ad in one episode each). Null when there is no verified median (or it
 * is 0) or no spot.
 */
export function pricePerThousand(totalCents: number, spots: number, medianDownloads: number | null): number | null {
  if (!medianDownloads || medianDownloads <= 0 || spots <= 0) return null;
  return Math.round((totalCents * 1000) / (medianDownloads * spots));
}
