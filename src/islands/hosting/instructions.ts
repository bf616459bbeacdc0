/**
 * Step-by-step instructions of the hosting screens (hosting spec §2): adding an owner email to the
 * feed (RSS verification) and setting up a permanent redirect to the new feed (Setup redirect).
 */
import { hostingPlatformName } from '../../lib/format';
import type { RedirectProvider } from '../../lib/hosting-rules';

export interface Instructions {
  name: string;
  steps: string[];
  note?: string;
}

export const VERIFICATION_PROVIDERS = ['acast', 'anchor', 'buzzsprout', 'libsyn', 'podbean', 'podomatic', 'rss', 'simplecast'] as const;
export type VerificationProvider = (typeof VERIFICATION_PROVIDERS)[number];

/** The general note of every verification provider. */
export const EMAIL_UPDATE_NOTE = 'Email updates can take up to 10 minutes to appear in your RSS feed.';

export const VERIFICATION_INSTRUCTIONS: Record<VerificationProvider, Instructions> = {
  acast: {
    name: 'Acast',
    steps: [
      'Sign in to Acast and open your show.',
      'Go to Settings, then Show details.',
      'Under Owner email, enter the email address you want us to send the verification link to and save.',
    ],
  },
  anchor: {
    name: 'Spotify for Podcasters (Anchor)',
    steps: [
      'Sign in to Spotify for Podcasters and open Settings.',
      'Open Availability, then RSS distribution.',
      'Turn on “Show email in RSS feed” (sometimes called “RSS feed email”) and save.',
    ],
    note: 'Spotify for Podcasters shows your email in the RSS feed for only 48 hours after you turn it on, so request the verification email right away.',
  },
  buzzsprout: {
    name: 'Buzzsprout',
    steps: [
      'Sign in to Buzzsprout and open Podcast Settings.',
      'Open Directories & RSS feed settings.',
      'Make sure your email address is filled in under “Email in RSS feed” and save.',
    ],
  },
  libsyn: {
    name: 'Libsyn',
    steps: [
      'Sign in to Libsyn and open Destinations.',
      'Edit the “Libsyn Classic Feed” destination.',
      'Under iTunes owner email, enter your email address and save.',
    ],
  },
  podbean: {
    name: 'Podbean',
    steps: ['Sign in to Podbean and open Settings, then Feed / iTunes settings.', 'Fill in Owner email.', 'Save your changes.'],
  },
  podomatic: {
    name: 'Podomatic',
    steps: ['Sign in to Podomatic and open your podcast settings.', 'Open the iTunes section.', 'Enter your email address as the owner email and save.'],
  },
  rss: {
    name: 'Your own RSS feed',
    steps: [
      'Open the RSS file of your podcast or the settings of the tool that writes it.',
      'Add <itunes:owner><itunes:email>you@example.com</itunes:email></itunes:owner> inside <channel>.',
      'Publish the updated feed.',
    ],
  },
  simplecast: {
    name: 'Simplecast',
    steps: ['Sign in to Simplecast and open your show.', 'Go to Show Settings, then Details.', 'Fill in Owner email and save.'],
  },
};

export const REDIRECT_INSTRUCTIONS: Record<RedirectProvider, Instructions> = {
  acast: {
    name: 'Acast',
    steps: ['Sign in to Acast and open your show.', 'Go to Settings, then Advanced, and choose “Redirect feed”.', 'Paste your new RSS link and confirm.'],
  },
  anchor: {
    name: 'Spotify for Podcasters (Anchor)',
    steps: [
      'Sign in to Spotify for Podcasters and open Settings.',
      'Open Availability, then “Redirect your RSS feed”.',
      'Paste your new RSS link and confirm the redirect.',
    ],
  },
  buzzsprout: {
    name: 'Buzzsprout',
    steps: [
      'Sign in to Buzzsprout and open Podcast Settings.',
      'Open “Directories & RSS feed” and choose “Redirect your feed”.',
      'Paste your new RSS link and save.',
    ],
  },
  libsyn: {
    name: 'Libsyn',
    steps: [
      'Sign in to Libsyn and open Destinations.',
      'Edit the “Libsyn Classic Feed” destination and open Advanced Options.',
      'Paste your new RSS link into “Redirect this feed to” and save.',
    ],
  },
  podbean: {
    name: 'Podbean',
    steps: [
      'Sign in to Podbean and open Settings, then Feed / iTunes settings.',
      'Choose “Redirect feed to another host”.',
      'Paste your new RSS link and save.',
    ],
  },
  rss: {
    name: 'Your own RSS feed',
    steps: [
      'Configure your web server to answer your old feed address with a 301 (permanent) redirect to your new RSS link.',
      'Or add <itunes:new-feed-url> with your new RSS link inside <channel> of the old feed.',
      'Keep the old address answering for at least a month.',
    ],
  },
  simplecast: {
    name: 'Simplecast',
    steps: [
      'Sign in to Simplecast and open your show.',
      'Go to Show Settings, then Distribution, and choose “Redirect feed”.',
      'Paste your new RSS link and save.',
    ],
  },
  spreaker: {
    name: 'Spreaker',
    steps: ['Sign in to Spreaker and open your show.', 'Go to Edit show, then the RSS tab.', 'Paste your new RSS link into “Redirect RSS feed to” and save.'],
  },
  soundcloud: {
    name: 'SoundCloud',
    steps: ['Sign in to SoundCloud and open Settings, then Content.', 'Under RSS feed, choose “Redirect feed”.', 'Paste your new RSS link and save.'],
  },
  other: {
    name: 'Another host',
    steps: [
      'Look in your host’s settings for “Redirect feed”, “Move podcast” or “301 redirect”.',
      'Paste your new RSS link there and save.',
      'If you cannot find it, ask your host’s support to set a 301 redirect to your new RSS link.',
    ],
  },
};

const PLATFORM_TO_PROVIDER: Record<string, (VerificationProvider & RedirectProvider) | RedirectProvider | VerificationProvider> = {
  Acast: 'acast',
  'Spotify for Podcasters': 'anchor',
  Buzzsprout: 'buzzsprout',
  Libsyn: 'libsyn',
  Podbean: 'podbean',
  Podomatic: 'podomatic',
  Simplecast: 'simplecast',
  Spreaker: 'spreaker',
  SoundCloud: 'soundcloud',
};

/** The provider key of a feed URL, or null when the platform is not one we have steps for. */
export function providerOf(feedUrl: string | null | undefined): string | null {
  return PLATFORM_TO_PROVIDER[hostingPlatformName(feedUrl ?? '')] ?? null;
}
