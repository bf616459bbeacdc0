// Applies the database migrations of the built product and exits non-zero on failure.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const runtime = await import('../dist/server/runtime.mjs');
try {
  await runtime.boot({ seed: false, worker: false });
  console.log('[cuepoint] migrations applied');
  await runtime.shutdown();
} catch (error) {
  console.error('[cuepoint] migration failed:', error);
  process.exit(1);
}
