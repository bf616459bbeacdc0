/**
 * Podcast apps and podcast bots by User-Agent, the way OP3 and the Open Podcast Analytics Working
 * Group's user-agents list name them (our own, shorter table: the apps brands ask about, tested in order).
 * `ua-parser-js` cannot tell these apart: most podcast apps send their own name, not a browser's.
 */

export interface AppRule {
  name: string;
  pattern: RegExp;
}

/** Automated fetchers of podcast audio: directories checking enclosures, prefetchers, crawlers. Never downloads. */
export const PODCAST_BOTS: AppRule[] = [
  { name: 'Cuepoint', pattern: /CuepointBot\// },
  { name: 'Apple Podcasts automated checks', pattern: /iTMS|itunesstored/ },
  { name: 'Apple Podcasts (Watch prefetch)', pattern: /^atc\/|\(null\) watchOS\// },
  { name: 'Castro automated actions', pattern: /^Tentacles, Like iTunes$/ },
  { name: 'Amazon Music Podcasts bot', pattern: /^Amazon Music Podcast/ },
  { name: 'Spotify bot', pattern: /^Spotify\/1\.0$/ },
  { name: 'Chartable', pattern: /^Trackable\// },
  { name: 'Podtrac', pattern: /podtrac/i },
  { name: 'Feed parser', pattern: /feed ?(?:parser|fetcher|validator)|podcast ?sync|subscribers;/i },
  { name: 'Podcast importer', pattern: /importer|migration service|transcri(?:be|ption)|archiver|harvest/i },
];

/** Podcast apps and the players they are heard on. AppleCoreMedia is handled in user-agent.ts (it depends on the device). */
export const PODCAST_APPS: AppRule[] = [
  {
    name: 'Apple Podcasts',
    pattern: /^(?:Podcasts|Balados|Podcasti|Podcastit|Podcasturi|Podcasty|Podkaster|Podcaster|Podcast)\/\d|^AirPodcasts\//,
  },
  { name: 'Spotify', pattern: /^Spotify\/|^spotify_|Spotify-Lite/ },
  { name: 'Overcast', pattern: /^Overcast\// },
  { name: 'Pocket Casts', pattern: /^Pocket ?Casts|^PocketCasts\/| PocketCasts\/\d|^Shifty Jelly/ },
  { name: 'Castro', pattern: /^Castro[/ ]/ },
  { name: 'Podcast Addict', pattern: /^Podcast ?Addict/ },
  { name: 'AntennaPod', pattern: /^AntennaPod\/|^de\.danoeh\.antennapod/ },
  { name: 'Castbox', pattern: /^Cast[Bb]ox|^fm\.castbox\./ },
  { name: 'Player FM', pattern: /^Player ?FM|^Player%20FM/ },
  { name: 'Podbean', pattern: /^Podbean\// },
  { name: 'iHeartRadio', pattern: /^iHeartRadio\/|^iHeartPodcasts\/|^iHeart\// },
  { name: 'Amazon Music', pattern: /^AmazonMusic|^Harley\/\d/ },
  { name: 'Audible', pattern: /^Audible|com\.audible\./ },
  { name: 'YouTube Music', pattern: /youtube\.music|^YouTubeMusic\/|^YouTube Music\// },
  { name: 'Google Podcasts', pattern: /^GooglePodcasts\/|GoogleChirp|^GSA\// },
  { name: 'Deezer', pattern: /^Deezer/ },
  { name: 'TuneIn', pattern: /^TuneIn| TuneIn\// },
  { name: 'Stitcher', pattern: /^Stitcher\// },
  { name: 'Pandora', pattern: /(?:^| )Pandora\// },
  { name: 'SiriusXM', pattern: /SiriusXM|SXMApp|sxm-android/ },
  { name: 'Podcast Guru', pattern: /^PodcastGuru/ },
  { name: 'Podcast Republic', pattern: /^PodcastRepublic/ },
  { name: 'Fountain', pattern: /^Fountain|^fountainapp\// },
  { name: 'Podverse', pattern: /^[Pp]odverse\// },
  { name: 'Goodpods', pattern: /[Gg]oodpods/ },
  { name: 'Snipd', pattern: /^Snipd\// },
  { name: 'Podimo', pattern: /^Podimo\// },
  { name: 'Downcast', pattern: /Downcast\// },
  { name: 'Breaker', pattern: /^Breaker\// },
  { name: 'Podkicker', pattern: /^Podkicker/ },
  { name: 'Anytime Podcast Player', pattern: /^Anytime\// },
  { name: 'gPodder', pattern: /gPodder|gpodder/ },
  { name: 'Alexa', pattern: /^AlexaMediaPlayer|^Echo\/|^AlexaService\/|^Amazon;Echo/ },
  { name: 'Sonos', pattern: /Sonos/ },
  { name: 'Chromecast', pattern: /CrKey\/|^Google;Chromecast/ },
  { name: 'VLC', pattern: /^VLC\/|LibVLC/ },
  { name: 'Windows Media Player', pattern: /NSPlayer|WMPlayer/ },
];

/** The first rule whose pattern matches, or null. */
export function findRule(rules: AppRule[], userAgent: string): AppRule | null {
  for (const rule of rules) if (rule.pattern.test(userAgent)) return rule;
  return null;
}
