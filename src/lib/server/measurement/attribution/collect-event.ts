/**
 * POST /api/attribution/collect: an event from a brand's site, `{pid, event, url}` as a text/plain JSON
 * body (no preflight; `sendBeacon` friendly). It is stored only when it really comes from the site: a
 * known site id, a browser Origin and page on the site's domain (or a subdomain), an event the site has;
 * anything else is a 4xx and stored nowhere. One address may send 60 events a minute to a site; the same
 * event from the same visitor on the same page within 30 minutes is kept once. The visitor's address is
 * hashed (with each daily secret of the last 31 days, for the matcher) and never stored.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { assertNotThrottled, hit } from '../../users';
import { now as clockNow } from '../../clock';
import { getDb, attributionSites, siteEvents, siteVisits } from '../../db';
import { HttpError, validate } from '../../http';
import { countryOf, householdKeys, requestHashes, agentOf } from '../analytics';
import { PID_PATTERN } from './pixel';

export const MAX_EVENT_BYTES = 2048;
const DEDUPE_MS = 30 * 60_000;
const PER_MINUTE = 60;

const eventSchema = z.object({
  pid: z.string().regex(PID_PATTERN, 'The pid is not a Cuepoint site id.'),
  event: z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/, 'The event must be the slug of one of the site’s events, such as page-view.'),
  url: z.string().max(2000, 'The url may not be longer than 2000 characters.'),
});

/** True when a host is the site's domain or one of its subdomains. */
export function onDomain(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === domain || h.endsWith(`.${domain}`);
}

const hostOf = (raw: string | null): string | null => {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname : null;
  } catch {
    return null;
  }
};

async function readLimited(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (declared > MAX_EVENT_BYTES) throw new HttpError(413, 'An event may not be larger than 2 KB.');
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_EVENT_BYTES) {
      await reader.cancel();
      throw new HttpError(413, 'An event may not be larger than 2 KB.');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The CORS headers of an answer to a page on the site (none for anyone else). */
export function corsHeaders(origin: string | null): Record<string, string> {
  return origin
    ? { 'access-control-allow-origin': origin, vary: 'Origin', 'cross-origin-resource-policy': 'cross-origin' }
    : { 'cross-origin-resource-policy': 'cross-origin' };
}

/** Stores the event when it is genuine; answers the CORS headers for the response (the caller answers 204). */
export async function collectEvent(request: Request, address: string, now = clockNow()): Promise<Record<string, string>> {
  const raw = await readLimited(request);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new HttpError(422, 'The event must be a JSON object {pid, event, url}.', { body: ['The event must be a JSON object {pid, event, url}.'] });
  }
  const input = validate(eventSchema, body);
  const db = await getDb();
  const [site] = await db.select().from(attributionSites).where(eq(attributionSites.pid, input.pid));
  if (!site) throw new HttpError(404, 'No attribution site has this site id.');
  const origin = request.headers.get('origin');
  const originHost = hostOf(origin);
  if (!originHost || !onDomain(originHost, site.domain)) throw new HttpError(403, `Events of this site are accepted from pages on ${site.domain} only.`);
  const cors = corsHeaders(origin);
  const pageHost = hostOf(input.url);
  if (!pageHost || !onDomain(pageHost, site.domain)) throw new HttpError(403, `The url must be a page on ${site.domain}.`, undefined, cors);
  if (site.status !== 'active') throw new HttpError(403, 'Tracking is paused for this site.', undefined, cors);
  const [event] = await db
    .select({ id: siteEvents.id })
    .from(siteEvents)
    .where(and(eq(siteEvents.site_id, site.id), eq(siteEvents.slug, input.event)));
  if (!event) throw new HttpError(422, `This site has no event "${input.event}".`, { event: [`This site has no event "${input.event}".`] }, cors);

  const userAgent = (request.headers.get('user-agent') ?? '').slice(0, 400);
  const agent = agentOf(userAgent);
  // Crawlers that run scripts are not visitors; they are told nothing went wrong.
  if (agent.bot) return cors;
  const hashes = await requestHashes(address, userAgent, now);
  const limit = { key: `collect:${site.id}:${hashes.household}`, max: PER_MINUTE, windowSeconds: 60 };
  try {
    await assertNotThrottled([limit], 'Too many events from this address. Please try again');
  } catch (error) {
    if (error instanceof HttpError) throw new HttpError(error.status, error.message, undefined, { ...error.headers, ...cors });
    throw error;
  }
  await hit(limit);
  const page = new URL(input.url);
  const url = `${page.origin}${page.pathname}`.slice(0, 1000);
  const [duplicate] = await db
    .select({ id: siteVisits.id })
    .from(siteVisits)
    .where(
      and(
        eq(siteVisits.event_id, event.id),
        eq(siteVisits.visitor_hash, hashes.listener),
        eq(siteVisits.url, url),
        gt(siteVisits.occurred_at, new Date(now.getTime() - DEDUPE_MS)),
      ),
    )
    .limit(1);
  if (duplicate) return cors;
  await db.insert(siteVisits).values({
    site_id: site.id,
    event_id: event.id,
    occurred_at: now,
    visitor_hash: hashes.listener,
    household_keys: await householdKeys(address, now),
    os: agent.os,
    browser: agent.app,
    country: countryOf(address) ?? '',
    url,
  });
  const at = now.toISOString();
  await db
    .update(siteEvents)
    .set({ last_occurred: sql`greatest(coalesce(${siteEvents.last_occurred}, ${at}::timestamptz), ${at}::timestamptz)` })
    .where(eq(siteEvents.id, event.id));
  return cors;
}

/** The answer to a CORS preflight: allowed for pages on the domain of an active site. */
export async function preflight(request: Request): Promise<Response> {
  const origin = request.headers.get('origin');
  const host = hostOf(origin);
  let allowed = false;
  if (host) {
    const db = await getDb();
    const labels = host.toLowerCase().split('.');
    const candidates = labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
    const [site] = await db
      .select({ id: attributionSites.id })
      .from(attributionSites)
      .where(and(sql`${attributionSites.domain} = any(${sql.param(candidates)}::text[])`, eq(attributionSites.status, 'active')))
      .limit(1);
    allowed = !!site;
  }
  if (!allowed) return new Response(null, { status: 403 });
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(origin),
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '86400',
    },
  });
}
