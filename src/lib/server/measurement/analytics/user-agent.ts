/**
 * What a User-Agent tells the counter: the app (a podcast app from our table, else the browser that
 * `ua-parser-js` names), the device category, the operating system, and whether it is a bot (our
 * podcast bot list, a missing User-Agent, then `isbot`). Known podcast apps are never taken for bots:
 * many put a `+http://…` address in their User-Agent, which `isbot` reads as a crawler.
 */
import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';
import { findRule, PODCAST_APPS, PODCAST_BOTS } from './podcast-apps';

export type Device = 'Phone' | 'Tablet' | 'Computer' | 'Smart speaker' | 'Watch' | 'TV' | 'Car' | 'Unknown';

export interface Agent {
  /** The podcast app or browser; 'Other app' when nothing names it. */
  app: string;
  kind: 'app' | 'browser' | 'other' | 'bot';
  device: Device;
  os: string;
  /** Why it is a bot (null for listeners). */
  bot: string | null;
}

const DEVICE_RULES: Array<[Device, RegExp]> = [
  ['Smart speaker', /HomePod|AirPodcasts|Sonos|AlexaMediaPlayer|^Echo\/|Amazon;Echo|GoogleChirp|Google-Speech-Actions|^Bose\//],
  ['Watch', /Apple Watch|watchOS|Wear ?OS|^Garmin /],
  ['TV', /Apple ?TV|apple_tv|tvOS|SmartTV|SMART-TV|Roku|CrKey|AFT[A-Z]{1,4} Build|BRAVIA|Xbox|PlayStation|Android ?TV/],
  ['Car', /CarPlay|Android Auto|Tesla|Polestar|Rivian|Volvo/],
  ['Tablet', /iPad|[Tt]ablet|SM-T\d/],
  ['Phone', /iPhone|iPod|[ ;(]iOS[ /;)]|^iOS|Android|Mobile|Windows Phone|^AntennaPod\/|^de\.danoeh\.antennapod/],
  ['Computer', /Macintosh|Mac OS X|macOS|OS X|Windows|Win64|Win32|X11|Linux|CrOS|Darwin\/[\d.]+ \(x86_64\)/],
  // Apple's networking stack without a device name is almost always an iPhone.
  ['Phone', /CFNetwork|Darwin\//],
];

const OS_RULES: Array<[string, RegExp]> = [
  ['watchOS', /watchOS|Apple Watch/],
  ['tvOS', /tvOS|Apple ?TV|apple_tv/],
  ['iOS', /iPhone|iPad|iPod|[ ;(]iOS[ /;)]|^iOS|CPU OS \d/],
  ['Android', /Android|^AntennaPod\/|^de\.danoeh\.antennapod/],
  ['macOS', /Macintosh|Mac OS X|macOS|OS X|Darwin\/[\d.]+ \(x86_64\)/],
  ['Windows', /Windows|Win64|Win32/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux|X11/],
  ['iOS', /CFNetwork|Darwin\//],
];

const UA_OS_NAMES: Record<string, string> = { 'Mac OS': 'macOS', 'Chromium OS': 'ChromeOS', Ubuntu: 'Linux', Debian: 'Linux', Fedora: 'Linux' };
const UA_DEVICE_TYPES: Record<string, Device> = {
  mobile: 'Phone',
  tablet: 'Tablet',
  smarttv: 'TV',
  wearable: 'Watch',
  console: 'TV',
  embedded: 'Smart speaker',
};

function firstMatch<T>(rules: Array<[T, RegExp]>, ua: string): T | null {
  for (const [value, pattern] of rules) if (pattern.test(ua)) return value;
  return null;
}

function botReason(ua: string): string | null {
  if (!ua.trim()) return 'no User-Agent';
  const podcastBot = findRule(PODCAST_BOTS, ua);
  return podcastBot ? podcastBot.name : null;
}

/** Classifies a User-Agent (pure; see `agentOf` for the cached version the counter uses). */
export function classifyUserAgent(userAgent: string): Agent {
  const ua = userAgent.slice(0, 400);
  const parsed = new UAParser(ua).getResult();
  const device = firstMatch(DEVICE_RULES, ua) ?? UA_DEVICE_TYPES[parsed.device.type ?? ''] ?? 'Unknown';
  const os = firstMatch(OS_RULES, ua) ?? (parsed.os.name ? (UA_OS_NAMES[parsed.os.name] ?? parsed.os.name) : 'Unknown');
  const base = { device, os };
  const reason = botReason(ua);
  if (reason) return { ...base, app: reason, kind: 'bot', bot: reason };
  const app = findRule(PODCAST_APPS, ua);
  if (app) return { ...base, app: app.name, kind: 'app', bot: null };
  // AppleCoreMedia is the player of Apple's own apps: on iPhone, iPad and Apple Watch that is Apple Podcasts.
  if (/^AppleCoreMedia\//.test(ua)) {
    const apple = os === 'iOS' || os === 'watchOS' ? 'Apple Podcasts' : 'AppleCoreMedia';
    return { ...base, app: apple, kind: 'app', bot: null };
  }
  if (isbot(ua)) return { ...base, app: 'Bot', kind: 'bot', bot: 'isbot' };
  const browser = parsed.browser.name?.replace(/^Mobile /, '');
  if (browser && /^Mozilla\/|Opera\//.test(ua)) return { ...base, app: browser, kind: 'browser', bot: null };
  return { ...base, app: 'Other app', kind: 'other', bot: null };
}

const CACHE_LIMIT = 10_000;
const cache = new Map<string, Agent>();

/** classifyUserAgent, remembered: a log holds few distinct User-Agents, and parsing is the counter's dearest step. */
export function agentOf(userAgent: string): Agent {
  let agent = cache.get(userAgent);
  if (!agent) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    agent = classifyUserAgent(userAgent);
    cache.set(userAgent, agent);
  }
  return agent;
}
