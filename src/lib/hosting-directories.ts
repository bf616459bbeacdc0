/** The podcast directories of /hosting/platform: where a hosted show is submitted, and how. Shared by server and browser. */

export const DIRECTORY_STATUSES = ['not_submitted', 'submitted', 'listed'] as const;
export type DirectoryStatus = (typeof DIRECTORY_STATUSES)[number];

export interface Directory {
  key: string;
  name: string;
  /** Where the podcaster submits the feed. */
  submitUrl: string;
  /** How submission works there, in one sentence. */
  how: string;
}

export const DIRECTORIES: readonly Directory[] = [
  {
    key: 'apple',
    name: 'Apple Podcasts',
    submitUrl: 'https://podcastsconnect.apple.com/',
    how: 'Sign in to Podcasts Connect, choose New Show, then Add a show with an RSS feed and paste your feed URL.',
  },
  {
    key: 'spotify',
    name: 'Spotify',
    submitUrl: 'https://creators.spotify.com/',
    how: 'In Spotify for Creators choose Find an existing show, paste your feed URL and confirm with the code sent to your owner email.',
  },
  {
    key: 'youtube_music',
    name: 'YouTube Music',
    submitUrl: 'https://studio.youtube.com/',
    how: 'In YouTube Studio open Content, then Podcasts, choose Submit RSS feed and paste your feed URL.',
  },
  {
    key: 'amazon_music',
    name: 'Amazon Music',
    submitUrl: 'https://podcasters.amazon.com/',
    how: 'Sign in to Amazon Music for Podcasters, choose Add your podcast and paste your feed URL.',
  },
  {
    key: 'pocket_casts',
    name: 'Pocket Casts',
    submitUrl: 'https://pocketcasts.com/submit/',
    how: 'Paste your feed URL on the submission page; it is usually listed within minutes.',
  },
  {
    key: 'overcast',
    name: 'Overcast',
    submitUrl: 'https://overcast.fm/podcasterinfo',
    how: 'Overcast lists shows from Apple Podcasts: once Apple lists your show, it appears here within a day.',
  },
  {
    key: 'iheart',
    name: 'iHeartRadio',
    submitUrl: 'https://www.iheart.com/content/submit-your-podcast/',
    how: 'Fill in the iHeart submission form with your feed URL and owner email.',
  },
  {
    key: 'podcast_index',
    name: 'Podcast Index',
    submitUrl: 'https://podcastindex.org/add',
    how: 'Paste your feed URL; apps built on Podcast Index (Fountain, Podverse, Castamatic and more) pick it up from there.',
  },
];

export const DIRECTORY_KEYS = DIRECTORIES.map((d) => d.key) as [string, ...string[]];

/** One directory's saved state in hosted_podcasts.settings.platforms. */
export interface DirectoryState {
  status: DirectoryStatus;
  listing_url: string | null;
  updated_at: string;
}

export const DIRECTORY_STATUS_LABEL: Record<DirectoryStatus, string> = { not_submitted: 'Not submitted', submitted: 'Submitted', listed: 'Listed' };
