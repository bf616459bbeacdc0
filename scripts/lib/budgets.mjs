// The JavaScript budgets of issue #16 item 6, compressed bytes per page, by route name (src/routes.ts).
// Read by the benchmark (bench/pages.mjs) and enforced by tests/api/js-budgets.test.ts.
export const KB = 1024;

export const JS_BUDGETS = {
  // Nothing moves: no JavaScript at all.
  page404: 0,
  unsubscribed: 0,
  icons: 0,
  verification: 0,
  // Sign-in and sign-up.
  login: 80 * KB,
  'sign-up': 80 * KB,
  'sign-up.hosting': 80 * KB,
  // Signed-in list pages.
  campaigns: 100 * KB,
  sponsorships: 100 * KB,
  'sponsorships.tab': 100 * KB,
  workrooms: 100 * KB,
  'completed-ads': 100 * KB,
  'hirings.overview': 100 * KB,
  'hosting.episodes.index': 100 * KB,
  // The workroom: thread, editor, realtime.
  'workrooms.show': 200 * KB,
};
