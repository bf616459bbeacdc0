// Serves the built product in one process: migrate, seed an empty database, work the queue,
// answer HTTP (Astro pages and API) on PORT and HOST.
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../dist/server/runtime.mjs', import.meta.url))) {
  console.error('The product is not built yet: run `npm run build` first (npm start does it for you).');
  process.exit(1);
}

const { createCuepointServer } = await import('./create-server.mjs');

let app;
try {
  app = await createCuepointServer();
} catch (error) {
  // Configuration errors are sentences that name the variable; anything else is a failed database start.
  console.error(`[cuepoint] could not start: ${error?.message ?? error}`);
  if (!error?.constructor?.name?.includes('Config')) console.error(error);
  process.exit(1);
}

const { server, runtime, config: cfg } = app;

server.on('error', (error) => {
  console.error(`[cuepoint] could not listen on ${cfg.host}:${cfg.port}: ${error.message}`);
  process.exit(1);
});

server.listen(cfg.port, cfg.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : cfg.port;
  const shown = cfg.host === '0.0.0.0' || cfg.host === '::' ? 'localhost' : cfg.host;
  console.log(`\nCuepoint is running at http://${shown}:${port}  (${cfg.databaseUrl ? 'PostgreSQL' : `PGlite in ${cfg.dataDir}`})`);
  if (cfg.seedDemo) {
    console.log(`Demo sign-ins (password: ${runtime.DEMO_PASSWORD}):`);
    for (const s of runtime.DEMO_SIGN_INS) console.log(`  ${s.email.padEnd(26)} ${s.role}`);
  }
  if (cfg.databaseUrl && !process.env.APP_KEY) {
    console.log(
      `Note: APP_KEY is not set, so this instance signs sessions and links with the key in ${cfg.dataDir}/app-key; give every instance the same APP_KEY.`,
    );
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
