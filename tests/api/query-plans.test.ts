/**
 * Issue 38: the hot queries have indexes to read by. On the tests' small data a sequential scan is the
 * planner's best choice and proves nothing, so this asks a sharper question: with sequential scans priced
 * out (`enable_seqscan = off`), does every statement a signed-in list, search or report page sends still
 * read the tables that grow with the marketplace through an index? A plan that keeps a Seq Scan of one of
 * them has no index that serves it, and at a marketplace's size it would read the whole table
 * (`npm run bench:scale` checks the same on the scale dataset, from PostgreSQL's own counters).
 */
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { encodeCursor } from '../../src/lib/server/db/keyset';
import { seedPodcast, seedUser } from '../support/builders';
import { call, page } from '../support/http';
import { seedHire } from '../support/payment-builders';
import { inRequest } from '../support/test-server';

/** Tables that grow with the marketplace (each partition of the request log included). */
const GROWING =
  /^(users|brands|podcasts|episodes|campaigns|packages|package_jobs|opportunities|hirings|discussions|discussion_users|messages|notifications|transactions|job_funds|deliverables|files|slots|download_days|download_windows|listener_days|media_requests\w*|feed_enclosures|attribution_\w+|hosted_podcasts)$/;

/**
 * Statements the planner may read whole on purpose, each with its reason (none yet). A statement is matched
 * by its text; an entry that no longer matches anything fails the test, so this list only shrinks.
 */
const KNOWN_SCANS: Array<{ statement: RegExp; table: string; why: string }> = [];

const HOOK = Symbol.for('cuepoint.db.statement');
type Hooks = { [HOOK]?: (query: string, params: unknown[]) => void };
interface Sent {
  path: string;
  query: string;
  params: unknown[];
}

/** The statements the requests for `path` sent (the server's own background work left out). */
async function sentBy(path: string, cookie: string, token?: string): Promise<Sent[]> {
  const hooks = globalThis as Hooks;
  const sent: Sent[] = [];
  const before = hooks[HOOK];
  hooks[HOOK] = (query, params) => {
    before?.(query, params);
    if (inRequest() && /^\s*(select|with)\b/i.test(query) && !/pg_notify/.test(query)) sent.push({ path, query, params });
  };
  try {
    const answer = token ? await call('GET', path, { token }) : await page(path, cookie);
    expect(answer.status, `${path} answered ${answer.status}`).toBe(200);
  } finally {
    hooks[HOOK] = before;
  }
  return sent;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) found.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

type Queryable = { query: (text: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }> };
type PoolLike = Queryable & { connect: () => Promise<Queryable & { release: () => void }> };
type PgliteLike = Queryable & { transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T> };

/** The plan of a statement with sequential scans priced out, on its own transaction (PostgreSQL or PGlite). */
async function planWithoutSeqScans(query: string, params: unknown[]): Promise<PlanNode> {
  const client = ((await getDb()) as unknown as { $client: PoolLike | PgliteLike }).$client;
  const explain = async (q: Queryable) => {
    await q.query('set local enable_seqscan = off');
    const { rows } = await q.query(`explain (format json) ${query}`, params);
    const value = Object.values(rows[0]!)[0];
    const plans = (typeof value === 'string' ? JSON.parse(value) : value) as Array<{ Plan: PlanNode }>;
    return plans[0]!.Plan;
  };
  if ('transaction' in client) return client.transaction(explain);
  const connection = await client.connect();
  try {
    await connection.query('begin');
    return await explain(connection);
  } finally {
    await connection.query('rollback').catch(() => undefined);
    connection.release();
  }
}

describe('[SCALE] the hot queries read by index', () => {
  it('plans every statement of the signed-in list, search and report pages without a whole-table read of a growing table', async () => {
    const hire = await seedHire({ fees: [30_000] });
    const hosted = await seedUser({ type: 'PODCASTER' });
    await seedPodcast(hosted.id, { hosted: true, verified: true, title: 'Tidewater Notes' });
    const admin = await seedUser({ type: 'ADMIN' });
    const cursor = encodeCursor(['2099-01-01T00:00:00.000001+00:00', 2_000_000_000]);
    const uuidCursor = encodeCursor(['2099-01-01T00:00:00+00:00', 'ffffffff-ffff-4fff-bfff-ffffffffffff']);
    const targets: Array<[string, string]> = [
      ['/campaigns', hire.brand.cookie],
      [`/campaign/${hire.campaign.id}/stats`, hire.brand.cookie],
      ['/workrooms', hire.brand.cookie],
      ['/sponsorships', hire.podcaster.cookie],
      ['/sponsorships?search=spring', hire.podcaster.cookie],
      ['/dashboard', hire.podcaster.cookie],
      ['/settings/earnings', hire.podcaster.cookie],
      ['/hosting/dashboard', hosted.cookie],
      ['/hosting/episodes', hosted.cookie],
      [`/hosting/episodes?page=2&cursor=${encodeCursor(['2099-01-01T00:00:00+00:00', 2_000_000_000])}`, hosted.cookie],
      // Keyset pages after a cursor (issue 38): each reads its list's index from the cursor on.
      [`/campaigns?cursor=${cursor}`, hire.brand.cookie],
      // The admin's directories, first pages, searches and after a cursor.
      ['/admin', admin.cookie],
      ['/admin?search=tidewater', admin.cookie],
      [`/admin?page=2&cursor=${encodeCursor([2_000_000_000])}`, admin.cookie],
      ['/admin/podcasts', admin.cookie],
      ['/admin/podcasts?search=tidewater', admin.cookie],
      [`/admin/podcasts?page=2&cursor=${encodeCursor([1, 5_000, 2_000_000_000])}`, admin.cookie],
    ];
    const apiTargets: Array<[string, string]> = [
      [`/api/campaigns/${hire.campaign.id}/packages?cursor=${cursor}`, hire.brand.token],
      // The figures' orders: the campaign's proposals by its index, sorted (figure, date, id).
      [`/api/campaigns/${hire.campaign.id}/packages?sort=price&cursor=${encodeCursor([-1, '2099-01-01T00:00:00+00:00', 2_000_000_000])}`, hire.brand.token],
      [
        `/api/campaigns/${hire.campaign.id}/packages?sort=downloads&cursor=${encodeCursor([500, '2099-01-01T00:00:00+00:00', 2_000_000_000])}`,
        hire.brand.token,
      ],
      [`/api/v0/packages?cursor=${cursor}`, hire.brand.token],
      [`/api/v0/campaigns?cursor=${cursor}`, hire.podcaster.token],
      [`/api/notifications?cursor=${uuidCursor}`, hire.brand.token],
      [`/api/transactions?cursor=${cursor}`, hire.podcaster.token],
      [`/api/support/conversations?cursor=${cursor}`, hire.brand.token],
      [`/api/discussions?cursor=${cursor}`, hire.brand.token],
    ];
    const sent: Sent[] = [];
    for (const [path, cookie] of targets) sent.push(...(await sentBy(path, cookie)));
    for (const [path, token] of apiTargets) sent.push(...(await sentBy(path, '', token)));
    expect(sent.length).toBeGreaterThan(targets.length);

    const scans: string[] = [];
    const usedKnown = new Set<number>();
    for (const s of sent) {
      const plan = await planWithoutSeqScans(s.query, s.params);
      for (const table of seqScans(plan).filter((t) => GROWING.test(t))) {
        const known = KNOWN_SCANS.findIndex((k) => k.table === table && k.statement.test(s.query));
        if (known >= 0) usedKnown.add(known);
        else scans.push(`${s.path}: ${table} read whole by\n    ${s.query.slice(0, 400)}`);
      }
    }
    expect(scans, `${scans.length} statement(s) with no index to read by:\n${[...new Set(scans)].join('\n')}`).toEqual([]);
    expect(KNOWN_SCANS.filter((_, i) => !usedKnown.has(i)).map((k) => k.why)).toEqual([]);
  });
});
