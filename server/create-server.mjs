// Builds the one HTTP server of the product from the built bundle: Astro pages and API, plus whatever
// the runtime attaches (the embedded realtime server's WebSocket upgrades and HTTP API).
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { firstComeFirstServed } from './fair-queue.mjs';
import { withHttpDelivery } from './http-delivery.mjs';
import { boundBodies } from './body-limits.mjs';

// Production unless development is asked for: React and the other libraries read NODE_ENV when they are
// first imported (below), and without it they run their slow development builds.
if (process.env.NODE_ENV !== 'development') process.env.NODE_ENV = 'production';
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
process.env.ASTRO_NODE_LOGGING = 'disabled';

/**
 * An address whose percent-encoding is not UTF-8 (`/api/users/%ED%A0%80`) is refused before Astro sees it,
 * with the same headers as every answer, and as JSON on the API (Astro would answer an empty 400).
 * A hosted feed (`/feeds/{hash}.xml`) reads no query, and podcast apps and directories append their own
 * (`?x=%ff`): only its path has to be UTF-8, so any query still gets the feed.
 */
function refuseBadEncoding(handler, isApiPath) {
  return (req, res, next) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0];
    try {
      decodeURI(path.startsWith('/feeds/') ? path : url);
    } catch {
      const api = isApiPath(path);
      res.writeHead(400, {
        'content-type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      });
      const message = 'The address is not valid: its percent-encoding is not UTF-8.';
      res.end(api ? JSON.stringify({ message }) : `Bad Request. ${message}`);
      return;
    }
    return handler(req, res, next);
  };
}

/** Boots the runtime (migrations, seed, queue) and answers an http.Server that is not listening yet. */
export async function createCuepointServer({ seed, worker } = {}) {
  const runtime = await import('../dist/server/runtime.mjs');
  const cfg = runtime.config();
  await runtime.boot({ seed: seed ?? cfg.seedDemo, worker });
  const { handler: astro } = await import('../dist/server/entry.mjs');
  // Compression, precompressed assets and revalidation around every answer of the pages and the API;
  // an address that is not valid UTF-8 is refused before any of it; requests start in the order they
  // came (fair-queue.mjs: under load Node would otherwise serve some connections twice before others).
  const handler = firstComeFirstServed(
    refuseBadEncoding(withHttpDelivery(astro, fileURLToPath(new URL('../dist/client', import.meta.url))), runtime.isApiPath),
  );
  const attach = typeof runtime.attachServer === 'function' ? runtime.attachServer : null;
  const server = http.createServer();
  // The runtime puts the embedded realtime server in front of Astro (its HTTP API and WebSocket upgrades).
  if (attach) attach(server, handler);
  else server.on('request', handler);
  // In front of everything: every request body stops at its limit while it is read (body-limits.mjs).
  const listeners = server.listeners('request');
  server.removeAllListeners('request');
  const answer = (req, res) => {
    for (const listener of listeners) listener.call(server, req, res);
  };
  server.on('request', boundBodies(answer, { limitFor: runtime.requestBodyLimit, messageFor: runtime.bodyTooLargeMessage, isApiPath: runtime.isApiPath }));
  return { server, runtime, config: cfg };
}
