/** Types of the API's payloads, shared by the server and the islands. */
export type UserType = 'BRAND' | 'PODCASTER' | 'ADMIN';
export type MigrationStatus = 'pending' | 'in-progress' | 'completed' | 'failed' | 'stale' | 'skipped';

export interface BrandPayload {
  id: number;
  name: string;
  country: string | null;
  address: string | null;
  state: string | null;
  zip: string | null;
  url: string | null;
  avatar_url: string | null;
  category_id: number | null;
  ad_ids: number[];
}

export interface PodcasterPayload {
  id: number;
  source: string | null;
  service_fee_percent: number;
  is_completed: boolean;
}

export interface UserPayload {
  id: number;
  encrypted_id: string;
  email: string;
  email_verified_at: string | null;
  first_name: string;
  last_name: string;
  full_name: string;
  address: string | null;
  country: string | null;
  type: UserType;
  payouts_connect: boolean;
  /** Two-factor sign-in is on (an authenticator app or a passkey). */
  two_factor_enabled: boolean;
  is_editor: boolean;
  default_card_id: number | null;
  last_seen_at: string | null;
  is_online: boolean;
  avatar: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  brand: BrandPayload | null;
  podcaster: PodcasterPayload | null;
}

export interface HostedPodcastPayload {
  id: number;
  podcast_id: number;
  type: 'new' | 'other';
  migration_status: MigrationStatus;
  url: string | null;
  original_url: string | null;
  original_url_failed_requests: number;
  redirecting_url: string | null;
  redirecting_at: string | null;
  is_completed: boolean;
  settings: Record<string, unknown>;
}

export interface PodcastPayload {
  id: number;
  hash_id: string;
  user_id: number;
  title: string;
  url: string;
  email: string | null;
  about: string;
  avatar_url: string | null;
  category_id: number | null;
  is_premium: boolean;
  is_onboarded: boolean;
  verified_at: string | null;
  rating_avg: number;
  avg_listens: number;
  hostingName: string;
  hosted: HostedPodcastPayload | null;
}

export interface CategoryPayload {
  id: number;
  title: string;
}

export interface AdPayload {
  id: number;
  price: number;
  title: string;
  brand_description: string;
  podcaster_description: string;
  icon: string;
  type: 'sponsorship' | 'host';
  sort: number;
}

export interface InitializeSettings {
  app_url: string;
  support_email: string;
  cookie_suffix: string;
  oauth: { client_id: string; client_secret: string; refresh_margin_ms: number };
  pusher: { key: string; host: string; port: number; scheme: 'http' | 'https'; auth_endpoint: string };
}

export interface InitializePayload {
  user: UserPayload;
  podcasts: PodcastPayload[];
  ads: AdPayload[];
  categories: CategoryPayload[];
  settings: InitializeSettings;
  online_timeout: number;
}

export interface BrandStatsPayload {
  new_proposals: { link: string; proposal_count: number };
  pending_reviews: { link: string; job_count: number };
  jobs_in_progress: { link: string; job_count: number };
  completed: { link: string; job_count: number };
  fetched: boolean;
}

/** A stored file (the file entity of core §3) as the API answers it. */
export interface FilePayload {
  id: number;
  reference_id: number | null;
  reference_type: string | null;
  user_id: number | null;
  name: string;
  original_name: string;
  url: string;
  original_url: string | null;
  size: number;
  mime: string;
  meta: Record<string, unknown>;
  duration: number | null;
  waveform: number[] | null;
  transcoding_status: 'pending' | 'processing' | 'completed' | 'failed' | null;
  isAudio: boolean;
  created_at: string;
  updated_at: string;
}
