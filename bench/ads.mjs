// Benchmark of automated ads' insertion (issue 19): `node bench/ads.mjs`, or part of `npm run bench`.
// The built product with the demo data: the live demo show's newest episode is downloaded whole by one
// listener while the demo line is paused (the upload, as plain file serving serves it), then while it is
// live (the stitched variant, from the disk cache after the first request). bench/run.mjs finds this
// module by its bench() export. Goal: stitched downloads keep at least 50 % of plain serving's throughput.
import autocannon from 'autocannon';
import { CONNECTIONS, DURATION } from './lib/load.mjs';
import { signIn, startProduct } from './lib/product.mjs';

const GOAL = 0.5;
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);

/** Bytes per second and requests per second of whole GETs of url. */
async function load(url) {
  const options = { url, connections: CONNECTIONS, headers: { 'user-agent': 'AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4_1 like Mac OS X; en_us)' } };
  if (WARMUP > 0) await autocannon({ ...options, duration: WARMUP });
  const r = await autocannon({ ...options, duration: DURATION });
  const failed = r.non2xx + r.errors + r.timeouts;
  if (failed > 0) throw new Error(`${url}: ${failed} of ${r.requests.total} requests failed`);
  return { bps: r.throughput.average, rps: r.requests.average, p99: r.latency.p99 };
}

export async function bench() {
  const product = await startProduct();
  try {
    const base = product.url;
    const live = await signIn(base, 'live@cuepoint.test');
    const html = await (await fetch(`${base}/hosting/feed`, { headers: { cookie: live.cookie } })).text();
    const hash = /\/feeds\/([A-Za-z0-9_-]+)\.xml/.exec(html)?.[1];
    if (!hash) throw new Error('the live demo show has no hosted feed URL on /hosting/feed');
    const feed = await (await fetch(`${base}/feeds/${hash}.xml`)).text();
    const enclosure = /<enclosure url="([^"]+)"/.exec(feed)?.[1];
    if (!enclosure) throw new Error('the live demo feed has no enclosure');
    const original = Number(/<enclosure url="[^"]+" length="(\d+)"/.exec(feed)?.[1]);

    const ua = { 'user-agent': 'AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4_1 like Mac OS X; en_us)' };
    const brand = await signIn(base, 'brand@cuepoint.test');
    const auth = { authorization: `Bearer ${brand.token}`, accept: 'application/json', 'content-type': 'application/json' };
    const campaigns = await (await fetch(`${base}/api/campaigns?per_page=50`, { headers: auth })).json();
    const campaign = campaigns.data.find((c) => c.title === 'Autumn Roast Launch');
    const lines = (await (await fetch(`${base}/api/brand/campaigns/${campaign.id}/ad-lines`, { headers: auth })).json()).data;
    const setLines = (status) =>
      Promise.all(lines.map((line) => fetch(`${base}/api/brand/ad-lines/${line.id}`, { method: 'PATCH', headers: auth, body: JSON.stringify({ status }) })));

    // Plain first (the demo line paused: the episode is served as uploaded), then stitched: neither gets a warmer server.
    await setLines('paused');
    const plainBytes = (await (await fetch(enclosure, { headers: ua })).arrayBuffer()).byteLength;
    if (plainBytes !== original) throw new Error(`the paused line still changed the file (${plainBytes} bytes, upload ${original})`);
    const plain = await load(enclosure);

    await setLines('active');
    const first = await fetch(enclosure, { headers: ua });
    const firstBytes = (await first.arrayBuffer()).byteLength;
    if (!first.headers.get('etag')?.startsWith('"v-')) throw new Error(`the demo episode was not stitched (etag ${first.headers.get('etag')})`);
    const stitched = await load(enclosure);

    const ratio = stitched.bps / plain.bps;
    return [
      {
        group: 'ads',
        name: `plain file serving (${(original / 1024).toFixed(0)} KB episode)`,
        value: plain.bps / 1024 / 1024,
        unit: 'MB/s',
        note: `${plain.rps.toFixed(0)} req/s, p99 ${plain.p99} ms`,
      },
      {
        group: 'ads',
        name: `stitched download (${(firstBytes / 1024).toFixed(0)} KB with the spot)`,
        value: stitched.bps / 1024 / 1024,
        unit: 'MB/s',
        note: `${stitched.rps.toFixed(0)} req/s, p99 ${stitched.p99} ms`,
      },
      { group: 'ads', name: 'stitched ÷ plain throughput', value: ratio * 100, unit: '%', target: '≥ 50 %', met: ratio >= GOAL },
    ];
  } finally {
    await product.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { plainTable } = await import('./lib/table.mjs');
  console.log(plainTable(await bench()));
}
