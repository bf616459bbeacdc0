// Fills an empty database with the demo data (the server must not be running on the same PGlite directory).
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const runtime = await import('../dist/server/runtime.mjs');
try {
  await runtime.boot({ seed: false, worker: false });
  if (await runtime.isDatabaseEmpty()) {
    await runtime.seedDemo();
    console.log('[cuepoint] demo data created');
  } else {
    console.log('[cuepoint] the database already has users; demo data is only added to an empty database');
  }
  await runtime.shutdown();
} catch (error) {
  console.error('[cuepoint] seeding failed:', error);
  process.exit(1);
}
