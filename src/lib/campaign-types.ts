/** Payloads and labels of campaigns, proposals (packages) and hirings, shared by the server and the islands. */

import type { VerifiedAudience } from './verified-audience';

export const WIZARD_TABS = ['details', 'ads', 'budget', 'attribution', 'review'] as const;
export type WizardTab = (typeof WIZARD_TABS)[number];
export const WIZARD_TAB_LABELS: Record<WizardTab, string> = {
  details: 'Details',
  ads: 'Ads',
  budget: 'Budget & schedule',
  attribution: 'Attribution',
  review: 'Review',
};

export const FEED_TABS = ['new', 'starred', 'hired', 'in-review', 'declined'] as const;
export type FeedTab = (typeof FEED_TABS)[number];
export const FEED_TAB_LABELS: Record<FeedTab, string> = {
  new: 'New',
  starred: 'Starred',
  hired: 'Hired',
  'in-review': 'In review',
  declined: 'Declined',
};

export type CampaignStatus = 'active' | 'paused' | 'expired' | 'closed';
/** What the brand sees: the §4 status, or where the campaign stands before it runs. */
export type CampaignStage = 'draft' | 'awaiting-approval' | 'rejected' | CampaignStatus;
export const STAGE_LABELS: Record<CampaignStage, string> = {
  draft: 'Draft',
  'awaiting-approval': 'Awaiting approval',
  rejected: 'Not approved',
  active: 'Active',
  paused: 'Paused',
  expired: 'Expired',
  closed: 'Closed',
};

export interface CampaignAdPayload {
  /** The campaign ad's id (package jobs point at it). */
  id: number;
  ad_id: number;
  type: 'sponsorship' | 'host';
  title: string;
  description: string;
}

export interface CampaignPayload {
  id: number;
  brand_user_id: number;
  title: string;
  description: string;
  budget: number | null;
  duration: number | null;
  delivery_date: string | null;
  status: CampaignStatus;
  stage: CampaignStage;
  url: string | null;
  is_approved: boolean;
  is_draft: boolean;
  submitted_at: string | null;
  rejection_reason: string | null;
  expired_days: number;
  expires_at: string | null;
  site_id: number | null;
  categories: { id: number; title: string }[];
  ads: CampaignAdPayload[];
  counts: { pending: number; in_progress: number; complete: number; in_review: number };
  new_proposals: number;
  /** What the campaign's hires and automated lines cost, less refunds (cents); `spent` is the same figure. */
  spent_amount: number;
  spent: number;
  /** Paid for hired ads that have not aired yet (cents, part of `spent`, not of `cpm`). */
  committed: number;
  visitors: number;
  /** listens_measured + listens_self_reported (kept as the total for compatibility). */
  listens: number;
  /** Downloads (IAB) of the episodes that carried the campaign's aired ads, from the day each aired. */
  listens_measured: number;
  /** Admin-approved manual stats of shows without analytics, for their aired ads. */
  listens_self_reported: number;
  hits: number;
  /** Money of aired ads ÷ their measured listens × 1,000 (cents; 0 without measured listens). */
  cpm: number;
  /** The CPM's money: paid for hired ads that aired with measured listens, plus automated spend (cents). */
  aired_spent: number;
  /** The CPM's listens: those ads' measured listens plus billed automated impressions. */
  aired_listens: number;
  created_at: string;
  updated_at: string;
}

/** A job of a proposal as the brand's proposal feed shows it. */
export interface FeedPackageJobPayload {
  id: number;
  description: string;
  status: 'pending' | 'in-progress' | 'in-review' | 'completed' | 'rejected' | 'dropped';
  fee: number;
  campaign_ad_id: number | null;
  ad_type: 'sponsorship' | 'host' | null;
  ad_title: string | null;
  package_id: number;
  is_episode: boolean;
  episodes: number;
  /** The multi-episode item this single-episode job belongs to (null for an item itself). */
  parent_id: number | null;
  is_funded: boolean;
  is_declined: boolean;
  is_hired: boolean;
  delivery_date: string | null;
}

/** The orders of the brand's proposal feed (?sort=). */
export const FEED_SORTS = ['newest', 'price', 'downloads'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];
export const FEED_SORT_LABELS: Record<FeedSort, string> = {
  newest: 'Newest first',
  price: 'Price per 1,000 verified downloads',
  downloads: 'Verified downloads per episode',
};

/** The price guide of a proposal (docs/measurement.md#figures), in integer cents. */
export interface PriceGuide {
  /** The ads the proposal places: its billable, not declined jobs. */
  spots: number;
  /** What the proposal costs per thousand verified downloads; null for a show without a verified median. */
  per_thousand: number | null;
  /** The show's first category, and the marketplace's median CPM in it (null without measured proposals). */
  category: string | null;
  category_median: number | null;
}

export interface FeedPodcastPayload {
  id: number;
  hash_id: string;
  title: string;
  avatar_url: string | null;
  categories: { id: number; title: string }[];
  rating_avg: number;
  avg_listens: number;
  is_premium: boolean;
  /** Verified by Cuepoint's counter (measured shows only have figures). */
  audience: VerifiedAudience;
}

/** A proposal (package) as the brand's proposal feed shows it, with its podcast, rates and jobs. */
export interface FeedPackagePayload {
  id: number;
  description: string;
  status: 'pending' | 'hired' | 'declined' | 'withdrawn';
  extended_status: string | null;
  record_id: string | null;
  /** What the proposal costs (src/lib/proposal-total.ts). */
  total_price: number;
  price_guide: PriceGuide;
  podcast_id: number;
  podcaster_user_id: number;
  campaign_id: number;
  starred: boolean;
  rates: { responsiveness: number; conversion: number; content_quality: number };
  podcast: FeedPodcastPayload;
  jobs: FeedPackageJobPayload[];
  workroom_link: string;
  created_at: string;
}

export interface HiringPayload {
  id: number;
  campaign_id: number;
  campaign_title: string;
  brand_user_id: number;
  podcast_id: number;
  podcast_title: string;
  podcast_avatar_url: string | null;
  podcaster_user_id: number;
  package_id: number;
  /** The package's workroom. */
  workroom_link: string;
  total_price: number;
  job_ids: number[];
  jobs: {
    id: number;
    description: string;
    fee: number;
    ad_title: string | null;
    episodes: number;
    delivery_date: string | null;
    status: FeedPackageJobPayload['status'];
    is_funded: boolean;
  }[];
  status: 'new' | 'funded' | 'cancelled' | 'completed';
  created_at: string;
}
