// A queue worker without a web server (npm run worker): works every lane, supervises leases and fires the
// schedules, on the PostgreSQL database of DATABASE_URL. Run as many as the work needs; web instances
// beside them set QUEUE_WORKER=false. SIGTERM lets the running jobs finish (up to 30 s) before it exits.
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../dist/server/runtime.mjs', import.meta.url))) {
  console.error('The product is not built yet: run `npm run build` first.');
  process.exit(1);
}

const runtime = await import('../dist/server/runtime.mjs');
let cfg;
try {
  cfg = runtime.config();
} catch (error) {
  console.error(`[worker] could not start: ${error?.message ?? error}`);
  process.exit(1);
}
if (!cfg.databaseUrl) {
  console.error(
    '[worker] npm run worker needs PostgreSQL: set DATABASE_URL=postgres://… (the embedded PGlite database has one connection per process, so `npm start` works its queue itself).',
  );
  process.exit(1);
}

try {
  await runtime.boot({ seed: false, worker: true });
} catch (error) {
  console.error(`[worker] could not start: ${error?.message ?? error}`);
  process.exit(1);
}
console.log(`[worker] working the queue on PostgreSQL (pid ${process.pid})`);

const stop = async () => {
  await runtime.shutdown().catch(() => undefined);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
