/**
 * The database schema: every entity of both spec documents (§3), with the enums and defaults of §4.
 * Keys are snake_case so rows are already shaped like the API's payloads.
 */
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type SQL, sql } from 'drizzle-orm';

/** A trigram (pg_trgm) index for `ilike '%term%'` searches (issue 38: searches at scale read an index, not the table). */
const trigram = (name: string, expr: SQL) => index(name).using('gin', sql`${expr} gin_trgm_ops`);

const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
const ts = (name?: string) => (name ? timestamp(name, { withTimezone: true, mode: 'date' }) : timestamp({ withTimezone: true, mode: 'date' }));
const timestamps = {
  created_at: ts().defaultNow().notNull(),
  updated_at: ts()
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date()),
};
const cents = () => bigint({ mode: 'number' });

// ---- enums (§4) ----
export const userType = pgEnum('user_type', ['BRAND', 'PODCASTER', 'ADMIN']);
export const migrationStatus = pgEnum('migration_status', ['pending', 'in-progress', 'completed', 'failed', 'stale', 'skipped']);
export const hostedType = pgEnum('hosted_type', ['new', 'other']);
export const applicationStatus = pgEnum('application_status', ['pending', 'approved', 'rejected']);
export const campaignStatus = pgEnum('campaign_status', ['active', 'paused', 'expired', 'closed']);
export const adType = pgEnum('ad_type', ['sponsorship', 'host']);
export const jobStatus = pgEnum('job_status', ['pending', 'in-progress', 'in-review', 'completed', 'rejected', 'dropped']);
export const deliverableStatus = pgEnum('deliverable_status', ['pending', 'accepted', 'rejected']);
export const slotStatus = pgEnum('slot_status', ['available', 'unavailable', 'booked']);
export const analyticsStatus = pgEnum('analytics_status', ['pending', 'active']);
export const manualStatsStatus = pgEnum('manual_stats_status', ['pending', 'verified', 'rejected']);
export const siteStatus = pgEnum('site_status', ['active', 'paused']);
export const hiringStatus = pgEnum('hiring_status', ['new', 'funded', 'cancelled', 'completed']);
export const messageType = pgEnum('message_type', ['default', 'proposal-details', 'ad-automatically-detected', 'ad-review', 'ad-manually-detected']);
export const episodeStatus = pgEnum('episode_status', ['current', 'draft', 'scheduled', 'archived']);
export const transcodingStatus = pgEnum('transcoding_status', ['pending', 'processing', 'completed', 'failed']);
export const opportunityStatus = pgEnum('opportunity_status', ['open', 'proposed', 'declined', 'cancelled', 'hired']);
export const packageStatus = pgEnum('package_status', ['pending', 'hired', 'declined', 'withdrawn']);

// ---- people ----
export const users = pgTable(
  'users',
  {
    id: id(),
    encrypted_id: text().notNull().unique(),
    email: text().notNull(),
    email_verified_at: ts(),
    first_name: text().notNull().default(''),
    last_name: text().notNull().default(''),
    address: text(),
    country: text(),
    type: userType().notNull().default('BRAND'),
    payouts_connect: jsonb().$type<{ provider: 'stripe' | 'paypal'; account_id: string; connected_at: string } | null>(),
    is_editor: boolean().notNull().default(false),
    default_card_id: integer(),
    last_seen_at: ts(),
    avatar: text(),
    password_hash: text().notNull(),
    notification_settings: jsonb().$type<Record<string, boolean>>().notNull().default({}),
    /** When the user's first second factor was confirmed; null while two-factor sign-in is off (auth/two-factor). */
    two_factor_enabled_at: ts(),
    ...timestamps,
    deleted_at: ts(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    trigram('users_email_trgm', sql`${t.email}`),
    trigram('users_name_trgm', sql`(${t.first_name} || ' ' || ${t.last_name})`),
    // The admin's directory of live users: its order (list-users.ts, keyset) and its count, read from the index alone.
    index('users_live_idx').on(t.id.desc()).where(sql`${t.deleted_at} is null`),
  ],
);

export const podcasters = pgTable('podcasters', {
  id: id(),
  user_id: integer()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  source: text(),
  service_fee_percent: integer().notNull().default(10),
  is_completed: boolean().notNull().default(false),
  ...timestamps,
});

export const categories = pgTable('categories', {
  id: id(),
  title: text().notNull().unique(),
});

export const ads = pgTable('ads', {
  id: id(),
  price: cents().notNull().default(0),
  title: text().notNull(),
  brand_description: text().notNull().default(''),
  podcaster_description: text().notNull().default(''),
  icon: text().notNull().default(''),
  type: adType().notNull().unique(),
  sort: integer().notNull().default(0),
});

export const brands = pgTable(
  'brands',
  {
    id: id(),
    user_id: integer()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull().default(''),
    country: text(),
    address: text(),
    state: text(),
    zip: text(),
    url: text(),
    avatar_url: text(),
    category_id: integer().references(() => categories.id, { onDelete: 'set null' }),
    ad_ids: jsonb().$type<number[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [trigram('brands_name_trgm', sql`${t.name}`)],
);

// ---- podcasts and hosting ----
export const podcasts = pgTable(
  'podcasts',
  {
    id: id(),
    hash_id: text().notNull().unique(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text(),
    url: text().notNull(),
    title: text().notNull(),
    about: text().notNull().default(''),
    country: text(),
    avatar_url: text(),
    avatar_file_id: integer(),
    category_id: integer().references(() => categories.id, { onDelete: 'set null' }),
    schedule_settings: jsonb().$type<{ days: number[]; frequency: number; start_from: string } | null>(),
    /** IANA zone of the show's calendar: a slot is upcoming until its day ends here (lib/slots.ts). */
    time_zone: text().notNull().default('UTC'),
    is_premium: boolean().notNull().default(false),
    is_onboarded: boolean().notNull().default(false),
    rating_avg: doublePrecision().notNull().default(0),
    avg_listens: integer().notNull().default(0),
    has_active_analytics: boolean().notNull().default(false),
    listen_note_id: text(),
    source: text(),
    verified_at: ts(),
    ...timestamps,
  },
  (t) => [
    index('podcasts_user_idx').on(t.user_id),
    trigram('podcasts_title_trgm', sql`${t.title}`),
    trigram('podcasts_url_trgm', sql`${t.url}`),
    // The admin's directory: premium first, then average listens (podcast-directory.ts, keyset pagination).
    index('podcasts_directory_idx').on(sql`(${t.is_premium}::int) desc nulls last`, t.avg_listens.desc(), t.id.desc()),
  ],
);

export const podcastCategories = pgTable(
  'podcast_categories',
  {
    podcast_id: integer()
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    category_id: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.podcast_id, t.category_id] })],
);

export const hostedPodcasts = pgTable('hosted_podcasts', {
  id: id(),
  podcast_id: integer()
    .notNull()
    .unique()
    .references(() => podcasts.id, { onDelete: 'cascade' }),
  type: hostedType().notNull().default('other'),
  migration_status: migrationStatus().notNull().default('pending'),
  migration_percent: integer().notNull().default(0),
  migration_progress_at: ts(),
  url: text(),
  original_url: text(),
  original_url_failed_requests: integer().notNull().default(0),
  redirecting_url: text(),
  redirecting_at: ts(),
  is_completed: boolean().notNull().default(false),
  settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps,
});

export const hostedApplications = pgTable('hosted_applications', {
  id: id(),
  podcast_id: integer()
    .notNull()
    .references(() => podcasts.id, { onDelete: 'cascade' }),
  status: applicationStatus().notNull().default('pending'),
  can_reapply_at: ts(),
  review_note: text(),
  ...timestamps,
});

/** An electronic signature of the Hosting Service Agreement: who, which version, when. */
export const agreementAcceptances = pgTable('agreement_acceptances', {
  id: id(),
  user_id: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  podcast_id: integer().references(() => podcasts.id, { onDelete: 'cascade' }),
  agreement: text().notNull(),
  version: text().notNull(),
  accepted_at: ts().defaultNow().notNull(),
  ip: text(),
  user_agent: text(),
});

export const episodes = pgTable(
  'episodes',
  {
    id: id(),
    hash_id: text().notNull().unique(),
    podcast_id: integer()
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    guid: text(),
    title: text().notNull(),
    description: text().notNull().default(''),
    url: text(),
    published_at: ts(),
    duration: integer(),
    season: integer(),
    episode_number: integer(),
    explicit: boolean().notNull().default(false),
    artwork_url: text(),
    enclosure_url: text(),
    enclosure_type: text(),
    enclosure_length: bigint({ mode: 'number' }),
    original_enclosure_url: text(),
    file_id: integer(),
    listens: integer().notNull().default(0),
    total_listens: integer().notNull().default(0),
    /** current: published (live from published_at on, so a future date is scheduled); draft: unpublished. */
    status: episodeStatus().notNull().default('current'),
    /** itunes:episodeType. */
    episode_type: text().$type<'full' | 'trailer' | 'bonus'>().notNull().default('full'),
    /** The item's Podcasting 2.0 elements (hosting/podcast-tags.ts): transcripts, chapters and the rest as read. */
    podcast_tags: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index('episodes_podcast_idx').on(t.podcast_id),
    // A show's episodes newest first, undated last (hosting/list-hosted-episodes.ts, keyset pagination).
    index('episodes_podcast_order_idx').on(t.podcast_id, sql`coalesce(${t.published_at}, timestamptz '0001-01-01 00:00:00+00') desc nulls last`, t.id.desc()),
    uniqueIndex('episodes_podcast_guid_unique').on(t.podcast_id, t.guid),
    trigram('episodes_title_trgm', sql`${t.title}`),
  ],
);

/** How a show is measured (written by the analytics domain): `hosted` (our media) or `prefix` (/e/{hash}/…). */
export const analyticsConnections = pgTable(
  'analytics_connections',
  {
    id: id(),
    podcast_id: integer()
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    status: analyticsStatus().notNull().default('pending'),
    auth: jsonb().$type<Record<string, unknown>>(),
    last_check_at: ts(),
    ...timestamps,
  },
  (t) => [uniqueIndex('analytics_connections_podcast_type_unique').on(t.podcast_id, t.type)],
);

export const podcastManualStats = pgTable(
  'podcast_manual_stats',
  {
    id: id(),
    podcast_id: integer()
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    listens: integer().notNull(),
    status: manualStatsStatus().notNull().default('pending'),
    file_url: text(),
    file_original_name: text(),
    verified_at: ts(),
    is_expired: boolean().notNull().default(false),
    reject_reason: text(),
    ...timestamps,
  },
  (t) => [
    // Keyset pages of a podcast's submissions: newest first, id breaking ties.
    index('podcast_manual_stats_podcast_created_idx').on(t.podcast_id, t.created_at.desc(), t.id.desc()),
  ],
);

export const slots = pgTable(
  'slots',
  {
    id: id(),
    podcast_id: integer()
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    status: slotStatus().notNull().default('unavailable'),
    type: adType().notNull(),
    date: date({ mode: 'string' }).notNull(),
    ad_id: integer().references(() => ads.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('slots_podcast_type_date_unique').on(t.podcast_id, t.type, t.date)],
);

// ---- campaigns, proposals, hires ----
export const attributionSites = pgTable(
  'attribution_sites',
  {
    id: id(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domain: text().notNull(),
    status: siteStatus().notNull().default('active'),
    /** The site id of the attribution snippet (/attribution/{pid}.js). */
    pid: text().notNull(),
    ads_count: integer().notNull().default(0),
    ads_spend: cents().notNull().default(0),
    campaigns_count: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('attribution_sites_pid_unique').on(t.pid)],
);

export const siteEvents = pgTable(
  'site_events',
  {
    id: id(),
    site_id: integer()
      .notNull()
      .references(() => attributionSites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    slug: text().notNull(),
    is_predefined: boolean().notNull().default(false),
    last_occurred: ts(),
    attributed: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('site_events_site_slug_idx').on(t.site_id, t.slug)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    brand_user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull().default(''),
    description: text().notNull().default(''),
    budget: cents(),
    duration: integer(),
    delivery_date: date({ mode: 'string' }),
    status: campaignStatus().notNull().default('active'),
    url: text(),
    is_approved: boolean().notNull().default(false),
    rejection_reason: text(),
    submitted_at: ts(),
    expired_days: integer().notNull().default(30),
    site_id: integer().references(() => attributionSites.id, { onDelete: 'set null' }),
    spent_amount: cents().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('campaigns_brand_idx').on(t.brand_user_id),
    // Keyset pages of the brand's campaigns and of the campaigns open to podcasters: newest first, id breaking ties.
    index('campaigns_brand_created_idx').on(t.brand_user_id, t.created_at.desc(), t.id.desc()),
    index('campaigns_visible_created_idx').on(t.created_at.desc(), t.id.desc()).where(sql`${t.status} = 'active' and ${t.is_approved}`),
    // The sponsorship feed: open campaigns, newest first (openCampaignWhere), without reading the closed ones.
    index('campaigns_open_idx')
      .on(t.submitted_at.desc(), t.id.desc())
      .where(sql`${t.status} = 'active' and ${t.is_approved} and ${t.submitted_at} is not null`),
    trigram('campaigns_title_trgm', sql`${t.title}`),
    trigram('campaigns_description_trgm', sql`${t.description}`),
  ],
);

export const campaignCategories = pgTable(
  'campaign_categories',
  {
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    category_id: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaign_id, t.category_id] })],
);

/** An ad a campaign asks for (sponsorship or host-read) and what the brand wants said. */
export const campaignAds = pgTable(
  'campaign_ads',
  {
    id: id(),
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    ad_id: integer()
      .notNull()
      .references(() => ads.id),
    description: text().notNull().default(''),
  },
  (t) => [uniqueIndex('campaign_ads_unique').on(t.campaign_id, t.ad_id)],
);

export const attributionSiteCampaigns = pgTable(
  'attribution_site_campaigns',
  {
    site_id: integer()
      .notNull()
      .references(() => attributionSites.id, { onDelete: 'cascade' }),
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.site_id, t.campaign_id] })],
);

export const packages = pgTable(
  'packages',
  {
    id: id(),
    description: text().notNull().default(''),
    status: packageStatus().notNull().default('pending'),
    extended_status: text(),
    record_id: text(),
    total_price: cents(),
    podcast_id: integer()
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    podcaster_user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    starred: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('packages_campaign_idx').on(t.campaign_id),
    // Keyset pages of a campaign's proposal feed: newest first, id breaking ties.
    index('packages_campaign_created_idx').on(t.campaign_id, t.created_at.desc(), t.id.desc()),
    // A podcaster's proposals (dashboard, sponsorships' pending tab, badges), newest first.
    index('packages_podcaster_created_idx').on(t.podcaster_user_id, t.created_at.desc(), t.id.desc()),
    // A show's live proposal to one campaign (the sponsorship list's side of each open campaign).
    index('packages_podcast_campaign_idx').on(t.podcast_id, t.campaign_id),
  ],
);

export const opportunities = pgTable(
  'opportunities',
  {
    id: id(),
    podcast_id: integer()
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    package_id: integer().references(() => packages.id, { onDelete: 'set null' }),
    status: opportunityStatus().notNull().default('open'),
    is_featured: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('opportunities_podcast_campaign_unique').on(t.podcast_id, t.campaign_id)],
);

export const packageJobs = pgTable(
  'package_jobs',
  {
    id: id(),
    description: text().notNull().default(''),
    status: jobStatus().notNull().default('pending'),
    fee: cents().notNull(),
    campaign_ad_id: integer().references(() => campaignAds.id, { onDelete: 'set null' }),
    package_id: integer()
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    is_episode: boolean().notNull().default(true),
    episodes: integer().notNull().default(1),
    parent_id: integer(),
    is_funded: boolean().notNull().default(false),
    is_slot_available: boolean().notNull().default(true),
    has_reject_deliverable: boolean().notNull().default(false),
    declined_at: ts(),
    delivery_date: date({ mode: 'string' }),
    /**
     * Where the ad aired (written by the delivery domain only; read by measurement): the episode it
     * went out in, when that episode aired (its feed date, or the moment it was linked when it has
     * none), and where in the episode the ad starts, in milliseconds, once found.
     */
    aired_episode_id: integer().references(() => episodes.id, { onDelete: 'set null' }),
    aired_at: ts(),
    ad_offset_ms: integer(),
    ...timestamps,
  },
  (t) => [index('package_jobs_package_idx').on(t.package_id), index('package_jobs_aired_episode_idx').on(t.aired_episode_id)],
);

export const deliverables = pgTable('deliverables', {
  id: id(),
  package_job_id: integer()
    .notNull()
    .references(() => packageJobs.id, { onDelete: 'cascade' }),
  reply_id: integer(),
  status: deliverableStatus().notNull().default('pending'),
  reference_id: integer(),
  reference_type: text(),
  /** When the brand approved it (the product's clock): an aired episode must be published on or after that day. */
  approved_at: ts(),
  ...timestamps,
});

export const hirings = pgTable(
  'hirings',
  {
    id: id(),
    campaign_id: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    brand_user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    podcast_id: integer()
      .notNull()
      .references(() => podcasts.id, { onDelete: 'cascade' }),
    podcaster_user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    package_id: integer()
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    total_price: cents(),
    job_ids: jsonb().$type<number[]>().notNull().default([]),
    status: hiringStatus().notNull().default('new'),
    ...timestamps,
  },
  (t) => [
    // A brand's hires by status (the top bar's pending hires, Pending Hires), a podcaster's (earnings), a package's, a campaign's (its stats).
    index('hirings_brand_idx').on(t.brand_user_id, t.status),
    index('hirings_podcaster_idx').on(t.podcaster_user_id),
    index('hirings_package_idx').on(t.package_id),
    index('hirings_campaign_idx').on(t.campaign_id),
  ],
);

export const rates = pgTable('rates', {
  id: id(),
  package_id: integer()
    .notNull()
    .unique()
    .references(() => packages.id, { onDelete: 'cascade' }),
  responsiveness: integer().notNull().default(0),
  conversion: integer().notNull().default(0),
  content_quality: integer().notNull().default(0),
  ...timestamps,
});

/**
 * The listens of one aired ad (written by the analytics domain): `avg` is the downloads of the episode it
 * aired in since that episode's publication, or, for a show without analytics, the listens of its
 * approved manual stats (`manual_stats_id`, `is_self_reported`).
 */
export const listenerStats = pgTable('listener_stats', {
  id: id(),
  package_id: integer().references(() => packages.id, { onDelete: 'cascade' }),
  package_job_id: integer()
    .unique()
    .references(() => packageJobs.id, { onDelete: 'cascade' }),
  episode_id: integer().references(() => episodes.id, { onDelete: 'set null' }),
  manual_stats_id: integer().references(() => podcastManualStats.id, { onDelete: 'set null' }),
  avg: integer().notNull().default(0),
  is_self_reported: boolean().notNull().default(false),
  ...timestamps,
});

// ---- workrooms ----
export const discussions = pgTable('discussions', {
  id: id(),
  type: text().notNull().default('package'),
  podcast_id: integer().references(() => podcasts.id, { onDelete: 'cascade' }),
  package_id: integer().references(() => packages.id, { onDelete: 'cascade' }),
  opportunity_id: integer().references(() => opportunities.id, { onDelete: 'cascade' }),
  campaign_id: integer().references(() => campaigns.id, { onDelete: 'cascade' }),
  last_message_id: integer(),
  is_archived: boolean().notNull().default(false),
  is_deleted: boolean().notNull().default(false),
  ...timestamps,
});

/** The users of a discussion, with each one's own archive and read state. */
export const discussionUsers = pgTable(
  'discussion_users',
  {
    discussion_id: integer()
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    is_archived: boolean().notNull().default(false),
    is_unread: boolean().notNull().default(false),
    last_read_at: ts(),
    /** The discussion's latest activity (its newest message, else its opening), kept per member so a member's list reads in order from an index. */
    last_activity_at: ts().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.discussion_id, t.user_id] }),
    index('discussion_users_user_idx').on(t.user_id),
    // A member's workrooms, most recent activity first (workrooms/list-discussions.ts, keyset pagination).
    index('discussion_users_activity_idx').on(t.user_id, t.last_activity_at.desc(), t.discussion_id.desc()),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    content: text().notNull().default(''),
    deliverable_id: integer().references(() => deliverables.id, { onDelete: 'set null' }),
    type: messageType().notNull().default('default'),
    content_files_ids: jsonb().$type<number[]>().notNull().default([]),
    discussion_id: integer()
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    record_id: text(),
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    reply_deliverables_count: integer().notNull().default(0),
    edited_at: ts(),
    ...timestamps,
  },
  (t) => [index('messages_discussion_idx').on(t.discussion_id, t.id)],
);

export const messageViews = pgTable(
  'message_views',
  {
    id: id(),
    message_id: integer()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    views: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('message_views_unique').on(t.message_id, t.user_id)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    notifiable_type: text().notNull().default('user'),
    notifiable_id: integer().notNull(),
    type: text().notNull(),
    data: jsonb()
      .$type<{
        title: string;
        description: string;
        img?: string | null;
        user_id?: number | null;
        podcast_id?: number | null;
        link_type?: string | null;
        link?: string | null;
      }>()
      .notNull(),
    read_at: ts(),
    ...timestamps,
  },
  (t) => [
    index('notifications_notifiable_idx').on(t.notifiable_id, t.created_at),
    // Keyset pages of the bell: newest first, id breaking ties.
    index('notifications_notifiable_created_idx').on(t.notifiable_id, t.created_at.desc(), t.id.desc()),
  ],
);

// ---- files and money ----
export const files = pgTable('files', {
  id: id(),
  reference_id: integer(),
  reference_type: text(),
  user_id: integer().references(() => users.id, { onDelete: 'set null' }),
  name: text().notNull(),
  original_name: text().notNull(),
  path: text().notNull(),
  url: text().notNull(),
  original_url: text(),
  size: bigint({ mode: 'number' }).notNull(),
  mime: text().notNull(),
  meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  duration: real(),
  waveform: jsonb().$type<number[] | null>(),
  transcoding_status: transcodingStatus(),
  ...timestamps,
});

/**
 * The ledger (written by the payments domain only, append-only: a correction is a new row). `fee` is
 * the amount moved, `service_fee` our part of it, `kind` which way it moved: a brand's card `charge`
 * and `refund`, a podcaster's `release` (a job's fee to their balance) and `payout` (out of it).
 */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    reference_type: text(),
    reference_id: integer(),
    code: text().notNull(),
    kind: text().$type<'charge' | 'refund' | 'release' | 'payout' | 'ad_spend'>().notNull().default('charge'),
    fee: cents().notNull().default(0),
    service_fee: cents().notNull().default(0),
    is_balance: boolean().notNull().default(false),
    source: text(),
    status: text().notNull().default('pending'),
    user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The hiring and campaign the money belongs to (a charge of several hirings names the first; meta has all). */
    hiring_id: integer().references(() => hirings.id, { onDelete: 'set null' }),
    campaign_id: integer().references(() => campaigns.id, { onDelete: 'set null' }),
    /** The job a release or a refund is for: at most one of each per job. */
    job_id: integer().references(() => packageJobs.id, { onDelete: 'set null' }),
    /** The provider's id of the movement (payment intent, refund, transfer or payout). */
    provider_ref: text(),
    meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('transactions_code_unique').on(t.code),
    uniqueIndex('transactions_kind_job_unique').on(t.kind, t.job_id).where(sql`${t.job_id} is not null`),
    uniqueIndex('transactions_kind_provider_ref_unique').on(t.kind, t.provider_ref).where(sql`${t.provider_ref} is not null`),
    index('transactions_user_idx').on(t.user_id, t.created_at),
    // Keyset pages of the user's ledger: newest first, id breaking ties.
    index('transactions_user_created_idx').on(t.user_id, t.created_at.desc(), t.id.desc()),
    index('transactions_campaign_idx').on(t.campaign_id),
    // What an ad line was funded with and spent (ads' AD_LINE_MONEY), read per line.
    index('transactions_reference_idx').on(t.reference_type, t.reference_id),
  ],
);

/** A saved card: brand, last four and expiry only (the number stays with the provider). */
export const cards = pgTable('cards', {
  id: id(),
  user_id: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  type: text().notNull(),
  last_four: text().notNull(),
  exp_month: integer().notNull().default(12),
  exp_year: integer().notNull().default(2099),
  /** The provider's payment method id (pm_…) and which engine holds it. */
  provider_id: text(),
  engine: text().$type<'embedded' | 'stripe'>().notNull().default('embedded'),
  fingerprint: text(),
  ...timestamps,
});

// ---- sign-in, verification, throttling, queue ----
export const oauthClients = pgTable('oauth_clients', {
  id: text().primaryKey(),
  name: text().notNull(),
  secret_hash: text().notNull(),
  password_client: boolean().notNull().default(true),
  revoked: boolean().notNull().default(false),
  ...timestamps,
});

export const oauthAccessTokens = pgTable(
  'oauth_access_tokens',
  {
    id: text().primaryKey(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client_id: text()
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    family_id: text().notNull(),
    scopes: jsonb().$type<string[]>().notNull().default([]),
    imitated_by: integer(),
    revoked: boolean().notNull().default(false),
    expires_at: ts().notNull(),
    created_at: ts().defaultNow().notNull(),
  },
  (t) => [index('oauth_access_tokens_family_idx').on(t.family_id)],
);

export const oauthRefreshTokens = pgTable(
  'oauth_refresh_tokens',
  {
    id: text().primaryKey(),
    access_token_id: text().notNull(),
    family_id: text().notNull(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client_id: text().notNull(),
    revoked: boolean().notNull().default(false),
    rotated_at: ts(),
    expires_at: ts().notNull(),
    created_at: ts().defaultNow().notNull(),
  },
  (t) => [index('oauth_refresh_tokens_family_idx').on(t.family_id)],
);

export const emailVerifications = pgTable('email_verifications', {
  id: text().primaryKey(),
  user_id: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text().notNull(),
  code_hash: text().notNull(),
  attempts: integer().notNull().default(0),
  expires_at: ts().notNull(),
  used_at: ts(),
  created_at: ts().defaultNow().notNull(),
});

export const passwordResets = pgTable('password_resets', {
  token_hash: text().primaryKey(),
  user_id: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expires_at: ts().notNull(),
  used_at: ts(),
  created_at: ts().defaultNow().notNull(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  hits: integer().notNull().default(0),
  reset_at: ts().notNull(),
});
