// npm run bench:scale (issue 38): every signed-in page and API that lists, searches or reports, timed on the
// demo data and on the scale dataset in one run, with each one's ratio; and the EXPLAIN-free check of the hot
// queries: while each target is under load on the scale data, PostgreSQL's own counters (pg_stat_user_tables)
// must show no sequential scan of a table over 100,000 rows. A target that scans one fails the run.
//
//   npm run build
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cuepoint_scale SCALE=1 npm run seed:scale   (once)
//   BENCH_SCALE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/cuepoint_scale npm run bench:scale
//
// The demo side runs on a fresh PostgreSQL database beside it (BENCH_DEMO_DATABASE_URL's server, dropped
// after). Both products run without the queue worker, so only the requests read. BENCH_DURATION (5 s here)
// and BENCH_CONNECTIONS (10 here) set the load per target.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

process.env.BENCH_DURATION ??= '5';
process.env.BENCH_CONNECTIONS ??= '10';
process.env.BENCH_WARMUP ??= '1';
const { measure } = await import('./lib/load.mjs');
const { signIn, signInAdmin, startProduct } = await import('./lib/product.mjs');

const SCALE_URL = process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cuepoint_scale';
const DEMO_SERVER = process.env.BENCH_DEMO_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BIG = 100_000;

async function scaleReady() {
  const c = new pg.Client({ connectionString: SCALE_URL });
  try {
    await c.connect();
    const { rows } = await c.query(`select count(*)::int as n from users where email like 'scale-%'`);
    return rows[0].n > 0;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** Sequential scans so far of every table (or partition) over BIG rows. */
async function seqScans(client) {
  const { rows } = await client.query('select relname, seq_scan::bigint as n from pg_stat_user_tables where n_live_tup > $1', [BIG]);
  return new Map(rows.map((r) => [r.relname, Number(r.n)]));
}

/** The first show of a demo account, read from the product's database. */
async function showOf(databaseUrl, email) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query('select p.id from podcasts p inner join users u on u.id = p.user_id where u.email = $1 order by p.id limit 1', [email]);
    return rows[0]?.id ?? null;
  } finally {
    await c.end();
  }
}

/**
 * The page `hops` Next links after `path`, followed as an admin clicks them (each carries its keyset cursor);
 * the demo's directories have one page, so there it is the first page, and the run says so.
 */
async function nextLink(base, session, path, hops) {
  let at = path;
  for (let i = 0; i < hops; i++) {
    const html = await fetch(`${base}${at}`, { headers: { cookie: session.cookie } }).then((r) => r.text());
    // The link may carry Astro's scoped-style attribute between its class and its href.
    const next = /<a class="cp-button"[^>]*\shref="([^"]+)"[^>]*>Next<\/a>/.exec(html)?.[1];
    if (!next) {
      console.log(`[bench:scale] ${path}: no Next after page ${i + 1}, so its "page ${hops + 1}" target reads page ${i + 1}`);
      break;
    }
    at = next.replaceAll('&amp;', '&');
  }
  return at;
}

/** The targets: [label, role, path] — pages and APIs that list, search or report. */
async function targets(product, sessions) {
  const base = product.url;
  const campaigns = await fetch(`${base}/api/campaigns`, { headers: { authorization: `Bearer ${sessions.brand.token}` } }).then((r) => r.json());
  const campaignId = (campaigns.data ?? campaigns)[0]?.id;
  const liveShow = await showOf(product.databaseUrl, 'live@cuepoint.test');
  // The analytics API over the last 90 days (the verified audiences' period), by the real clock as the product reads it.
  const day = (n) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  return [
    ['plain page (guest /login)', 'guest', '/login'],
    ['campaigns', 'brand', '/campaigns'],
    ['GET /api/campaigns', 'brand', '/api/campaigns'],
    ...(campaignId
      ? [
          ['campaign stats', 'brand', `/campaign/${campaignId}/stats`],
          ['proposal feed', 'brand', `/campaign/${campaignId}/new`],
          ['proposal feed API', 'brand', `/api/campaigns/${campaignId}/packages?tab=new`],
          ['proposal feed API, by price', 'brand', `/api/campaigns/${campaignId}/packages?tab=new&sort=price`],
        ]
      : []),
    ['workrooms (brand)', 'brand', '/workrooms'],
    ['sponsorships', 'podcaster', '/sponsorships'],
    ['sponsorships search', 'podcaster', '/sponsorships?search=garden'],
    ['podcaster dashboard', 'podcaster', '/dashboard'],
    ['earnings', 'podcaster', '/settings/earnings'],
    ['hosting dashboard', 'hosted', '/hosting/dashboard'],
    ['hosting episodes', 'hosted', '/hosting/episodes'],
    ['hosting reports', 'hosted', '/hosting/reports'],
    ...(liveShow ? [['analytics API (90 days)', 'live', `/api/podcasts/${liveShow}/analytics?from=${day(89)}&to=${day(0)}`]] : []),
    // The admin's directories: the first page, a search, and a deep page by the Next link's cursor.
    ...(sessions.admin
      ? [
          ['admin users', 'admin', '/admin'],
          ['admin users search', 'admin', '/admin?search=garden'],
          ['admin users, page 50 by cursor', 'admin', await nextLink(base, sessions.admin, '/admin', 49)],
          ['admin podcasts', 'admin', '/admin/podcasts'],
          ['admin podcasts search', 'admin', '/admin/podcasts?search=garden'],
          ['admin podcasts, page 50 by cursor', 'admin', await nextLink(base, sessions.admin, '/admin/podcasts', 49)],
        ]
      : []),
  ];
}

/** runOn's admin keeps its authenticator's secret per database (admins must have two-factor on): the demo's is new each run. */
async function runOn(label, product, scanClient, adminSecretFile = null) {
  const sessions = {
    brand: await signIn(product.url, 'brand@cuepoint.test'),
    podcaster: await signIn(product.url, 'podcaster@cuepoint.test'),
    hosted: await signIn(product.url, 'hosted@cuepoint.test'),
    live: await signIn(product.url, 'live@cuepoint.test'),
    admin: await signInAdmin(product.url, 'admin@cuepoint.test', adminSecretFile).catch((error) => {
      console.log(`[bench:scale] ${label}: the admin's lists are skipped (${error.message.split('\n')[0]})`);
      return null;
    }),
  };
  const results = new Map();
  for (const [name, role, path] of await targets(product, sessions)) {
    const headers = role === 'guest' ? {} : { cookie: sessions[role].cookie, authorization: `Bearer ${sessions[role].token}` };
    const before = scanClient ? await seqScans(scanClient) : null;
    let figures;
    try {
      figures = await measure(`${product.url}${path}`, headers);
    } catch (error) {
      figures = { error: error.message.split('\n')[0] };
    }
    let scanned = [];
    if (scanClient) {
      // A backend's counters reach the shared statistics within a second of its last statement.
      await new Promise((r) => setTimeout(r, 1500));
      const after = await seqScans(scanClient);
      scanned = [...after].filter(([t, n]) => n > (before.get(t) ?? 0)).map(([t, n]) => `${t} ×${n - (before.get(t) ?? 0)}`);
    }
    results.set(name, { ...figures, scanned });
    console.log(
      `[bench:scale] ${label} ${name}: ${figures.error ?? `${Math.round(figures.rps)}/s p50 ${figures.p50} ms p99 ${figures.p99} ms`}${scanned.length ? ` — sequential scans: ${scanned.join(', ')}` : ''}`,
    );
  }
  return results;
}

if (!(await scaleReady())) {
  console.error(`[bench:scale] no scale dataset at ${SCALE_URL}: run DATABASE_URL=${SCALE_URL} npm run seed:scale first (after npm run build).`);
  process.exit(1);
}

const env = { QUEUE_WORKER: 'false', SEED_DEMO: 'true' };
process.env.DATABASE_URL = DEMO_SERVER;
const demo = await startProduct({ env });
const demoResults = await runOn('demo', demo, null);
await demo.stop();

// The scale product keeps one application key per scale database (data/bench/, never committed): the stored
// authenticator secret is encrypted with it, and each run's data directory is new.
mkdirSync(join('data', 'bench'), { recursive: true });
const scaleTag = createHash('sha256').update(SCALE_URL).digest('hex').slice(0, 12);
const adminSecret = join('data', 'bench', `admin-totp-${scaleTag}`);
const appKeyFile = join('data', 'bench', `app-key-${scaleTag}`);
if (!existsSync(appKeyFile)) writeFileSync(appKeyFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
const scaleProduct = await startProduct({ env: { ...env, SEED_DEMO: 'false', APP_KEY: readFileSync(appKeyFile, 'utf8').trim() }, existingDatabase: SCALE_URL });
const scanClient = new pg.Client({ connectionString: SCALE_URL });
await scanClient.connect();
const scaleResults = await runOn('scale', scaleProduct, scanClient, adminSecret);
const { rows: size } = await scanClient.query('select pg_size_pretty(pg_database_size(current_database())) as size');
await scanClient.end();
await scaleProduct.stop();

const plain = scaleResults.get('plain page (guest /login)');
const rows = [['target', 'demo p50 / p99 ms', 'scale p50 / p99 ms', 'scale ÷ demo (p50)', 'p99 ÷ plain p99', 'big-table seq scans', 'verdict']];
let failed = 0;
for (const [name, s] of scaleResults) {
  const d = demoResults.get(name) ?? {};
  const ratio = s.p50 && d.p50 ? s.p50 / d.p50 : Number.NaN;
  const vsPlain = s.p99 && plain?.p99 ? s.p99 / plain.p99 : Number.NaN;
  const problems = [];
  if (s.error || d.error) problems.push(s.error ?? d.error);
  if (s.scanned.length) problems.push('seq scan');
  if (ratio > 1.5) problems.push('> 1.5× slower');
  if (vsPlain > 3) problems.push('p99 > 3× plain');
  if (s.scanned.length || s.error) failed++;
  rows.push([
    name,
    d.error ? 'error' : `${d.p50} / ${d.p99}`,
    s.error ? 'error' : `${s.p50} / ${s.p99}`,
    Number.isNaN(ratio) ? '—' : `${ratio.toFixed(2)}×`,
    Number.isNaN(vsPlain) ? '—' : `${vsPlain.toFixed(2)}×`,
    s.scanned.join(', ') || 'none',
    problems.join('; ') || 'ok',
  ]);
}
console.log(`\nScale dataset: ${SCALE_URL} (${size[0].size}); ${process.env.BENCH_CONNECTIONS} connections, ${process.env.BENCH_DURATION} s per target.\n`);
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
console.log(
  rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n'),
);
// A sequential scan of a big table (or an error) fails the run; the speed goals are reported, not asserted
// (this machine's speed swings by a third: see bench/RESULTS.md).
process.exit(failed ? 1 : 0);
