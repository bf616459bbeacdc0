// Builds the one HTTP server of the product from the built bundle: Astro pages and API, plus whatever
// the runtime attaches (the embedded realtime server's WebSocket upgrades and HTTP API).
import http from 'node:http';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
process.env.ASTRO_NODE_LOGGING = 'disabled';

/** Boots the runtime (migrations, seed, queue) and answers an http.Server that is not listening yet. */
export async function createCuepointServer({ seed, worker = true } = {}) {
  const runtime = await import('../dist/server/runtime.mjs');
  const cfg = runtime.config();
  await runtime.boot({ seed: seed ?? cfg.seedDemo, worker });
  const { handler } = await import('../dist/server/entry.mjs');
  const attach = typeof runtime.attachServer === 'function' ? runtime.attachServer : null;
  const server = http.createServer();
  // The runtime puts the embedded realtime server in front of Astro (its HTTP API and WebSocket upgrades).
  if (attach) attach(server, handler);
  else server.on('request', handler);
  return { server, runtime, config: cfg };
}
