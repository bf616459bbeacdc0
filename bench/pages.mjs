// The page benchmark of `npm run bench` (also alone: `node bench/pages.mjs`): starts the built product
// as `npm run serve` runs it, on a fresh database with the demo data (PGlite, or PostgreSQL when
// DATABASE_URL is set), and measures with autocannon, BENCH_CONNECTIONS (25) connections for
// BENCH_DURATION (10) seconds each (BENCH_PROFILE=<dir> also writes a CPU profile of each): guest /login, the brand's /campaigns, the podcaster's /sponsorships,
// a workroom of each, GET /api/campaigns, and a plain Node server sending the bytes of /login. It counts
// the SQL statements per request of each (bench/lib/probe.mjs), and those of a first and a second view
// of every screen it can reach, and weighs the JS and CSS of each (scripts/lib/weights.mjs), against the budgets of issue #16.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchRoute, routes } from '../src/routes.ts';
import { JS_BUDGETS, KB } from '../scripts/lib/budgets.mjs';
import { BROWSER_HEADERS, CONNECTIONS, measure } from './lib/load.mjs';
import { signIn, startProduct } from './lib/product.mjs';
import { plainTable } from './lib/table.mjs';
import { createWeigher } from '../scripts/lib/weights.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ACCOUNTS = {
  brand: 'brand@cuepoint.test',
  podcaster: 'podcaster@cuepoint.test',
  hosted: 'hosted@cuepoint.test',
  admin: 'admin@cuepoint.test',
};

/** Which demo account opens a route with this access mark. */
function roleFor(route) {
  if (route.access === 'guest' || route.access === 'public') return 'guest';
  if (route.access === 'signed-in') return route.name.startsWith('dashboard') ? 'podcaster' : 'brand';
  return route.access;
}

/**
 * Every screen reachable by links: each role starts from the routes without parameters and follows the
 * links of the pages it opens (GET only, never /logout), keeping the first URL of each route.
 */
export async function crawlScreens(base, sessions) {
  const found = new Map();
  const MAX_PAGES = 120;
  for (const role of ['guest', 'brand', 'podcaster', 'hosted', 'admin']) {
    const headers = role === 'guest' ? {} : { cookie: sessions[role].cookie };
    const queue = routes.filter((r) => roleFor(r) === role && !r.redirect && !r.path.includes('{') && r.name !== 'logout').map((r) => r.path);
    const seen = new Set();
    let opened = 0;
    while (queue.length && opened < MAX_PAGES) {
      const path = queue.shift();
      if (seen.has(path)) continue;
      seen.add(path);
      const match = matchRoute(path);
      if (!match || match.route.name === 'logout') continue;
      if (found.has(match.route.name) || roleFor(match.route) !== role) continue;
      opened++;
      const res = await fetch(`${base}${path}`, { headers: { ...BROWSER_HEADERS, ...headers }, redirect: 'manual' });
      const location = res.headers.get('location');
      if (location?.startsWith('/') && !location.startsWith('//')) queue.unshift(location.split('?')[0]);
      if (res.status !== 200) continue;
      const html = await res.text();
      found.set(match.route.name, { name: match.route.name, role, path, html, headers });
      for (const m of html.matchAll(/<a\b[^>]*\shref="(\/[^"#?]*)[^"]*"/g)) if (!m[1].startsWith('//')) queue.push(m[1]);
    }
  }
  return found;
}

async function startStaticServer({ body, type, encoding }) {
  const dir = mkdtempSync(join(tmpdir(), 'cuepoint-static-'));
  writeFileSync(join(dir, 'login.body'), body);
  const args = [fileURLToPath(new URL('./lib/static-server.mjs', import.meta.url)), join(dir, 'login.body'), type ?? 'text/html'];
  if (encoding) args.push(encoding);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve) => child.stdout.once('data', (d) => resolve(Number(String(d).trim()))));
  return {
    url: `http://127.0.0.1:${port}/login`,
    stop() {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs the page benchmark and answers its rows. */
export async function bench() {
  const product = await startProduct();
  const rows = [];
  const db = product.database;
  try {
    const base = product.url;
    const sessions = {};
    for (const [role, email] of Object.entries(ACCOUNTS)) sessions[role] = await signIn(base, email);

    await product.statements(); // forget the sign-ins
    const screens = await crawlScreens(base, sessions);
    // Every screen's statements on its first view, the crawl going from link to link as a user does
    // (reads a screen shares with the one before it may come from the page-read cache; those of its own
    // do not): what a render costs before any cache holds it.
    const firstViews = await product.statements();
    for (const screen of [...screens.values()].sort((a, b) => a.path.localeCompare(b.path))) {
      const n = firstViews[screen.path]?.counts[0];
      if (n === undefined || screen.role === 'guest') continue;
      rows.push({ group: `SQL statements per screen, first view (${db})`, name: `${screen.path} (${screen.role})`, value: n, unit: '' });
    }
    const workroom = screens.get('workrooms.show');
    if (!workroom) throw new Error('no workroom was reachable from /workrooms for the demo brand');
    // The podcaster's side of a package workroom: the thread, the delivery panel and the jobs that take an ad.
    const podcasterRooms = await (await fetch(`${base}/workrooms`, { headers: { ...BROWSER_HEADERS, cookie: sessions.podcaster.cookie } })).text();
    const podcasterWorkroom = /href="(\/workrooms\/package\/\d+)"/.exec(podcasterRooms)?.[1];
    if (!podcasterWorkroom) throw new Error('no package workroom was reachable from /workrooms for the demo podcaster');

    // Every screen's statements when it is viewed again (the crawl was the first view): issue #16's
    // "at most 4 statements for a signed-in page render", over every screen the demo data reaches.
    await product.statements(); // forget the crawl
    for (const screen of screens.values())
      await (await fetch(`${base}${screen.path}`, { headers: { ...BROWSER_HEADERS, ...screen.headers }, redirect: 'manual' })).arrayBuffer();
    const perScreen = await product.statements();
    for (const screen of [...screens.values()].sort((a, b) => a.path.localeCompare(b.path))) {
      const n = perScreen[screen.path]?.counts.at(-1);
      if (n === undefined) continue;
      const signedIn = screen.role !== 'guest';
      rows.push({
        group: `SQL statements per screen, viewed again (${db})`,
        name: `${screen.path} (${screen.role})`,
        value: n,
        unit: '',
        ...(signedIn ? { target: '≤ 4', met: n <= 4 } : {}),
      });
    }

    // The bytes the product sends for /login (compressed as a browser asks), for the static yardstick.
    const staticServer = await startStaticServer(await rawBody(`${base}/login`));

    const targets = [
      { label: 'static Node server, /login bytes', url: staticServer.url, headers: {}, path: null },
      { label: 'guest /login', url: `${base}/login`, headers: {}, path: '/login' },
      { label: 'brand /campaigns', url: `${base}/campaigns`, headers: { cookie: sessions.brand.cookie }, path: '/campaigns', page: true },
      { label: 'podcaster /sponsorships', url: `${base}/sponsorships`, headers: { cookie: sessions.podcaster.cookie }, path: '/sponsorships', page: true },
      { label: `brand workroom ${workroom.path}`, url: `${base}${workroom.path}`, headers: { cookie: sessions.brand.cookie }, path: workroom.path, page: true },
      {
        label: `podcaster workroom ${podcasterWorkroom}`,
        url: `${base}${podcasterWorkroom}`,
        headers: { cookie: sessions.podcaster.cookie },
        path: podcasterWorkroom,
        page: true,
      },
      { label: 'brand GET /api/campaigns', url: `${base}/api/campaigns`, headers: { authorization: `Bearer ${sessions.brand.token}` }, path: '/api/campaigns' },
      // /login again: the shares use the mean of both runs, so a machine whose load drifts skews them less.
      { label: 'guest /login (again)', url: `${base}/login`, headers: {}, path: '/login', again: true },
    ];
    await product.statements(); // forget the crawl
    const results = [];
    for (const t of targets) {
      // BENCH_PROFILE=<dir>: a V8 CPU profile of the product during each measurement (warm-up included).
      const stopProfile =
        process.env.BENCH_PROFILE && t.path
          ? await product.profile(join(process.env.BENCH_PROFILE, `${t.label.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`))
          : null;
      if (t.path) await Promise.all([product.ask('gc'), product.ask('inServer')]); // start both afresh
      const r = await measure(t.url, t.headers);
      await stopProfile?.();
      const [gc, inServer] = t.path ? await Promise.all([product.ask('gc'), product.ask('inServer')]) : [];
      results.push({ ...t, ...r, gc, inServer });
      process.stderr.write(`  ${t.label}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms\n`);
    }
    staticServer.stop();
    const counted = await product.statements();
    const logins = results.filter((r) => r.path === '/login');
    const login = { rps: logins.reduce((sum, r) => sum + r.rps, 0) / logins.length };
    const group = `HTTP (${db}, ${CONNECTIONS} connections)`;
    for (const r of results) {
      const ratio = r.path === '/login' || !r.path ? null : r.rps / login.rps;
      const c = r.path && !r.again ? counted[r.path] : null;
      // A render's count is the median request's; the mean also carries the shell's refresh every few seconds.
      const sorted = c ? [...c.counts].sort((a, b) => a - b) : [];
      const sql = c ? sorted[Math.floor(sorted.length / 2)] : null;
      const mean = c ? c.statements / c.requests : null;
      rows.push({ group, name: `${r.label}: requests/s`, value: r.rps, unit: '/s' });
      rows.push({ group, name: `${r.label}: p50 / p99`, value: `${r.p50} / ${r.p99} ms`, unit: '' });
      // Where a tail comes from: the product's own time per answer (arrival to last byte handed to the
      // socket; an answer that waited on the database spans other answers' work), its collector's
      // pauses and how late its event loop ran a timer (the queue every waiting request sits in).
      if (r.gc && r.inServer)
        rows.push({
          group,
          name: `${r.label}: in the product p50 / p99; GC ms per request, longest pause; event-loop delay p99`,
          value: `${r.inServer.p50} / ${r.inServer.p99} ms; ${(r.gc.ms / Math.max(1, r.inServer.count)).toFixed(3)} ms, ${r.gc.max} ms; ${r.gc.loopP99} ms`,
          unit: '',
        });
      if (!r.path)
        rows.push({
          group,
          name: 'guest /login (mean of both runs) as a share of the static server',
          value: `${((login.rps / r.rps) * 100).toFixed(1)} %`,
          unit: '',
        });
      if (ratio !== null) {
        const isCampaigns = r.path === '/campaigns';
        const want = db === 'PGlite' ? { share: 0.35, p99: 100 } : { share: 0.5, p99: 50 };
        rows.push({
          group,
          name: `${r.label}: share of /login (mean of both runs)`,
          value: `${(ratio * 100).toFixed(1)} %`,
          unit: '',
          ...(isCampaigns ? { target: `≥ ${want.share * 100} %`, met: ratio >= want.share } : {}),
        });
        if (isCampaigns) rows.push({ group, name: `${r.label}: p99`, value: r.p99, unit: 'ms', target: `< ${want.p99} ms`, met: r.p99 < want.p99 });
      }
      if (sql !== null) {
        rows.push({
          group,
          name: `${r.label}: SQL statements per request (median; mean)`,
          value: `${sql}; ${mean.toFixed(2)}`,
          unit: '',
          ...(r.page ? { target: '≤ 4', met: sql <= 4 } : {}),
        });
      }
    }

    // JS and CSS per screen, from the build output.
    const weigher = createWeigher(join(root, 'dist/client'));
    for (const screen of [...screens.values()].sort((a, b) => a.path.localeCompare(b.path))) {
      const w = await weigher.weigh(screen.html);
      const budget = JS_BUDGETS[screen.name];
      rows.push({
        group: 'JS / CSS per screen (br)',
        name: `${screen.path} (${screen.role})`,
        value: `${(w.js / KB).toFixed(1)} KB JS, ${(w.css / KB).toFixed(1)} KB CSS`,
        unit: '',
        ...(budget !== undefined ? { target: `JS ≤ ${budget / KB} KB`, met: w.js <= budget } : {}),
      });
    }
    const unreached = routes.filter((r) => !r.redirect && !['logout', 'dev.kit', 'home', 'settings'].includes(r.name) && !screens.has(r.name));
    if (unreached.length)
      rows.push({
        group: 'JS / CSS per screen (br)',
        name: 'screens not reached by links from the demo data',
        value: unreached.length,
        unit: '',
        note: unreached.map((r) => r.path).join(', '),
      });
  } finally {
    await product.stop();
  }
  return rows;
}

/** The body exactly as sent (still compressed) with its type and encoding, for the static server to repeat. */
function rawBody(url) {
  return new Promise((resolve, reject) => {
    request(url, { headers: BROWSER_HEADERS }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), type: res.headers['content-type'], encoding: res.headers['content-encoding'] }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(plainTable(await bench()));
