// npm run reconcile [-- --days N]: compares the ledger with the payment provider's records and lists
// every difference (also recorded for admins at /admin). Exit 0: none; 2: differences found; 1: the
// run failed. With PGlite the server must not be running on the same data directory.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const runtime = await import('../dist/server/runtime.mjs');
const i = process.argv.indexOf('--days');
const days = i > 0 ? Number(process.argv[i + 1]) : undefined;
if (days !== undefined && !(Number.isInteger(days) && days > 0)) {
  console.error('[cuepoint] --days must be a whole number of days');
  process.exit(1);
}
let code = 0;
try {
  await runtime.boot({ seed: false, worker: false });
  const { reconciliation, differences } = await runtime.reconcilePayments({ trigger: 'command', days });
  const c = reconciliation.checked;
  console.log(
    `[cuepoint] reconciliation ${reconciliation.id} (${reconciliation.engine}, since ${reconciliation.since}): ${c.charges} charge(s), ${c.refunds} refund(s), ${c.payouts} payout(s) checked against ${c.provider_records} provider record(s)`,
  );
  for (const d of differences) console.log(`  ${d.kind}${d.provider_ref ? ` ${d.provider_ref}` : ''}: ${d.reason}`);
  console.log(differences.length === 0 ? '[cuepoint] the ledger matches the provider' : `[cuepoint] ${differences.length} difference(s), listed at /admin`);
  code = differences.length === 0 ? 0 : 2;
  await runtime.shutdown();
} catch (error) {
  console.error('[cuepoint] the reconciliation failed:', error);
  code = 1;
}
process.exit(code);
