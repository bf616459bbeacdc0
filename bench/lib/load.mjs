// One load measurement with autocannon (in this process; the product and the static server run in
// their own processes): a short warm-up, then BENCH_DURATION seconds at BENCH_CONNECTIONS connections.
import autocannon from 'autocannon';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 25);
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);

/** Browsers ask for compressed answers; so does the benchmark. */
export const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip', accept: 'text/html,application/json;q=0.9,*/*;q=0.8' };

/** Requests per second and latency percentiles (ms) of GET url with these headers. */
export async function measure(url, headers = {}) {
  const options = { url, connections: CONNECTIONS, headers: { ...BROWSER_HEADERS, ...headers } };
  if (WARMUP > 0) await autocannon({ ...options, duration: WARMUP });
  const result = await autocannon({ ...options, duration: DURATION });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0)
    throw new Error(
      `${url}: ${failed} of ${result.requests.total} requests failed (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`,
    );
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total };
}
