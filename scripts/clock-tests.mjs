// The whole API files of the clock-dependent rules under the three clocks the ordinary run does not use
// (issue 35; `npm run test:clocks`, not part of `npm test`: tests/{unit,api}/clock-rules.test.ts cover the four clocks there):
// `npm run test:api` runs every API test on the Monday clock; this runs the files of the calendar and
// measurement rules again on a Thursday, on the last day of a month and at 23:59:30 UTC, on PGlite.
// The unit tests of the same rules run under all four clocks in one file (tests/unit/clock-rules.test.ts).
//   node scripts/clock-tests.mjs                 the three other clocks
//   node scripts/clock-tests.mjs month-end       one clock (a name of tests/support/clock.ts or an ISO instant)
import { spawnSync } from 'node:child_process';

// Names of tests/support/clock.ts's TEST_CLOCKS (the test server turns the name into its instant).
const CLOCKS = ['thursday', 'month-end', 'before-midnight'];
// Slots, air dates, campaign expiry, measurement days, scheduled episodes.
const FILES = [
  'tests/api/podcasters.test.ts',
  'tests/api/delivery.test.ts',
  'tests/api/brands.test.ts',
  'tests/api/measurement.test.ts',
  'tests/api/hosting-pages.test.ts',
];

const wanted = process.argv.slice(2);
const clocks = wanted.length ? wanted : CLOCKS;
const { TEST_DATABASE_URL: _postgres, ...env } = process.env;
for (const name of clocks) {
  console.log(`\n[tests] clock-dependent rules under TEST_CLOCK=${name}`);
  const started = Date.now();
  const result = spawnSync('vitest', ['run', '--project', 'api', ...FILES], { stdio: 'inherit', env: { ...env, TEST_CLOCK: name }, shell: false });
  console.log(`[tests] ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
