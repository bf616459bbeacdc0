// Serves the built product in one process: migrate, seed an empty database, work the queue,
// answer HTTP (Astro pages and API) and, later, the realtime WebSocket on the same port.
import http from 'node:http';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
process.env.ASTRO_NODE_LOGGING = 'disabled';

const runtime = await import('../dist/server/runtime.mjs').catch((error) => {
  console.error('The product is not built yet: run `npm run build` first (npm start does it for you).');
  console.error(error);
  process.exit(1);
});

let cfg;
try {
  cfg = runtime.config();
} catch (error) {
  console.error(`[cuepoint] ${error.message}`);
  process.exit(1);
}

try {
  await runtime.boot({ seed: cfg.seedDemo, worker: true });
} catch (error) {
  console.error('[cuepoint] could not prepare the database:', error);
  process.exit(1);
}

const { handler } = await import('../dist/server/entry.mjs');
const extra = typeof runtime.attachServer === 'function' ? runtime.attachServer : null;

const server = http.createServer((req, res) => {
  if (extra?.handleHttp && extra.handleHttp(req, res)) return;
  handler(req, res);
});
extra?.(server);

server.listen(cfg.port, cfg.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : cfg.port;
  const shown = cfg.host === '0.0.0.0' || cfg.host === '::' ? 'localhost' : cfg.host;
  console.log(`\nCuepoint is running at http://${shown}:${port}  (${cfg.databaseUrl ? 'PostgreSQL' : `PGlite in ${cfg.dataDir}`})`);
  if (cfg.seedDemo) {
    console.log(`Demo sign-ins (password: ${runtime.DEMO_PASSWORD}):`);
    for (const s of runtime.DEMO_SIGN_INS) console.log(`  ${s.email.padEnd(26)} ${s.role}`);
  }
  console.log('');
});

const stop = async () => {
  server.close();
  await runtime.shutdown().catch(() => undefined);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
