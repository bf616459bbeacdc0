// Recomputes every download, listener and listener stat from the request log (the server must not be
// running on the same PGlite directory; with PostgreSQL it may, the counter's lock keeps them apart).
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const runtime = await import('../dist/server/runtime.mjs');
try {
  await runtime.boot({ seed: false, worker: false });
  const result = await runtime.rebuildDownloads();
  await runtime.refreshListenerStats();
  console.log(`[cuepoint] rebuilt from ${result.lines} request(s): ${result.downloads} download(s)`);
  await runtime.shutdown();
} catch (error) {
  console.error('[cuepoint] rebuilding the downloads failed:', error);
  process.exit(1);
}
