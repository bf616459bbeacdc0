// A standalone Pusher Channels protocol 7 server: the product's realtime server on its own port, for
// running the product against an *external* Pusher-protocol server through the PUSHER_* variables
// (the same path as Soketi, Laravel Reverb or Pusher). The test suite uses it; it also suits a
// deployment that wants realtime in its own process.
//
//   PUSHER_APP_ID=cuepoint PUSHER_KEY=cuepoint-key PUSHER_SECRET=… REALTIME_PORT=6001 node server/realtime-standalone.mjs
//
// Then start the product with PUSHER_HOST=<this host> PUSHER_PORT=6001 PUSHER_SCHEME=http and the same
// PUSHER_APP_ID, PUSHER_KEY and PUSHER_SECRET. Node 24 runs the TypeScript sources directly (type stripping).
import { createServer } from 'node:http';

const { createRealtimeServer } = await import('../src/lib/server/realtime/protocol-server.ts');

/** A required variable, or a sentence naming it. */
function required(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`[realtime] The environment variable ${name} must be set.`);
    process.exit(1);
  }
  return value;
}

const app = { appId: required('PUSHER_APP_ID'), key: required('PUSHER_KEY'), secret: required('PUSHER_SECRET') };
const port = Number(process.env.REALTIME_PORT ?? 6001);
const host = process.env.REALTIME_HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`[realtime] The environment variable REALTIME_PORT must be a port number, but it is "${process.env.REALTIME_PORT}".`);
  process.exit(1);
}

const realtime = createRealtimeServer(app);
const server = createServer(async (req, res) => {
  if (await realtime.handleHttp(req, res)) return;
  // A health check (GET /) for process managers and the test runner.
  if (req.method === 'GET' && (req.url === '/' || req.url === '/health')) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, app_id: app.appId }));
    return;
  }
  res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not found' }));
});
server.on('upgrade', (req, socket, head) => {
  if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
});
server.listen(port, host, () => console.log(`[realtime] Pusher-protocol server for app ${app.appId} on ws://${host}:${port}/app/${app.key}`));

const stop = () => {
  server.close();
  void Promise.resolve(realtime.close()).finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
