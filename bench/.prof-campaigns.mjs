// scratch (not committed): CPU per request of one page
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { startProduct } from './lib/product.mjs';
import { BROWSER_HEADERS } from './lib/load.mjs';
const cpu = (pid) => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const product = await startProduct();
const res = await fetch(`${product.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', client_id: 'cuepoint-web', client_secret: 'cuepoint-web-client-secret', username: process.env.U ?? 'brand@cuepoint.test', password: 'cuepoint-demo' }) });
const { access_token } = await res.json();
const cookie = `access_token=${access_token}; startup_popup=1`;
const out = {};
for (const path of (process.env.P ?? '/login,/campaigns').split(',')) {
  const headers = { ...BROWSER_HEADERS, ...(path === '/login' ? {} : { cookie }) };
  const url = `${product.url}${path}`;
  await autocannon({ url, headers, connections: 25, duration: 3 });
  const c0 = cpu(product.pid);
  const stop = process.env.PROF ? await product.profile(`${process.env.PROF}/${path.replace(/\W+/g, '_')}.cpuprofile`) : null;
  const r = await autocannon({ url, headers, connections: Number(process.env.C ?? 25), duration: Number(process.env.D ?? 8) });
  await stop?.();
  out[path] = { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, cpuMsPerReq: ((cpu(product.pid) - c0) / r.requests.total).toFixed(2), non2xx: r.non2xx };
}
console.log(JSON.stringify(out));
await product.stop();
