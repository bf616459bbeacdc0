/**
 * Podcast apps asking for audio through the measurement prefix, each from an address of its own (the
 * counter tells listeners apart by address and user agent), for the API tests of figures.
 */
import { beforeAll } from 'vitest';
import { testServer } from './test-server';

/** User agents of podcast apps the counter names. */
export const PLAYERS = {
  apple: 'AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4_1 like Mac OS X; en_us)',
  overcast: 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)',
  spotify: 'Spotify/8.9.10 iOS/17.4.1 (iPhone15,2)',
} as const;

/** Trusts X-Forwarded-For during this file's tests (put back after), so a request can say whose it is. */
export function trustForwardedFor(): void {
  beforeAll(() => {
    const before = process.env.TRUST_PROXY;
    process.env.TRUST_PROXY = 'true';
    return () => {
      if (before === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = before;
    };
  });
}

/** A podcast app's request through the prefix, its body read; answers the response. */
export async function play(path: string, ua: string = PLAYERS.apple, ip = '81.2.69.142'): Promise<Response> {
  const { baseUrl } = await testServer();
  const res = await fetch(`${baseUrl}${path}`, { headers: { 'user-agent': ua, 'x-forwarded-for': ip }, redirect: 'manual' });
  await res.arrayBuffer();
  return res;
}
