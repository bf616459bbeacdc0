/**
 * The layers of the core domains (src/lib/server/<domain>), read by .dependency-cruiser.cjs and
 * tests/unit/boundaries.test.ts; docs/domains.md says what each domain owns.
 */
/** Infrastructure: serves every domain, imports none. */
const INFRA_FOLDERS = ['db', 'cache', 'storage', 'jobs', 'realtime', 'mail', 'fetch', 'backup'];
const INFRA_FILES = [
  'config',
  'clock',
  'domain-events',
  'crypto',
  'file-formats',
  'http',
  'api-paths',
  'body-limits',
  'byte-range',
  'media-paths',
  'security-headers',
  'suppliers',
];
/** The app: composes the domains (boot, demo data); no domain imports it. Patterns under src/lib/server. */
const APP = ['runtime\\.ts$', 'seed/'];
/** The core domains, lowest first. */
const DOMAIN_LAYERS = [
  'users',
  'files',
  'notifications',
  'podcasts',
  'campaigns',
  'marketplace',
  'payments',
  'measurement',
  'delivery',
  'workrooms',
  'support',
  'shell',
  'hosting',
  'ads',
  'help',
  'admin',
];
/**
 * Imports that still go up the layers (from → to): none. The last two (campaigns → measurement for a
 * campaign's figures, marketplace → delivery for a proposal's jobs) became a supplier and steps inside a
 * transaction (domain-events.ts); tests/unit/boundaries.test.ts fails if one comes back.
 */
const KNOWN_BACK_EDGES = [];

/**
 * Tables that more than one domain still writes (table → the domains that write it, owner first): none
 * now. Each table has one writer that the others call (podcasts/records.ts names the changes other
 * domains make to podcasts and episodes); tests/unit/table-writers.test.ts fails on a new writer.
 */
const KNOWN_SHARED_WRITES = {};

module.exports = { APP, DOMAIN_LAYERS, INFRA_FILES, INFRA_FOLDERS, KNOWN_BACK_EDGES, KNOWN_SHARED_WRITES };
