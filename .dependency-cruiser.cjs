/**
 * The boundaries of the server code (README.md, Domains), checked by `npm run check:boundaries` and by
 * tests/unit/boundaries.test.ts. Each folder of src/lib/server is a domain; its index.ts is its face.
 * - Infrastructure (db, cache, storage, jobs, realtime, mail, fetch, backup and the single files
 *   config, clock, crypto, http, …) never imports a domain or the app.
 * - A domain never imports the app (runtime, seed) that composes it.
 * - Nothing outside a domain imports its files except its face (src/lib/server/<domain>/index.ts),
 *   and nothing inside it imports its own face.
 * - The core domains stand in layers (scripts/lib/domain-layers.cjs, lowest first): a domain imports only domains
 *   below it, so there is no cycle between domains. KNOWN_BACK_EDGES (empty now) would list an import that
 *   still goes upwards; tests/unit/boundaries.test.ts fails on any, so the list stays empty.
 * Tests, benches and scripts may reach inside a domain: they test its parts.
 */

const { APP, DOMAIN_LAYERS, INFRA_FILES, INFRA_FOLDERS, KNOWN_BACK_EDGES } = require('./scripts/lib/domain-layers.cjs');

const SERVER = '^src/lib/server/';
const INFRA = `${SERVER}(?:(?:${INFRA_FOLDERS.join('|')})/|(?:${INFRA_FILES.join('|')})\\.ts$)`;
const APP_PATHS = `${SERVER}(?:${APP.join('|')})`;

/** One rule per core domain: no import of a domain above it, other than a known back edge. */
function layerRules() {
  return DOMAIN_LAYERS.slice(0, -1).map((domain, i) => {
    const above = DOMAIN_LAYERS.slice(i + 1).filter((to) => !KNOWN_BACK_EDGES.includes(`${domain} -> ${to}`));
    return {
      name: `layers-${domain}`,
      comment: `${domain} may import only the domains below it (${DOMAIN_LAYERS.slice(0, i).join(', ') || 'none'}) and infrastructure: a cycle between domains starts with an import upwards.`,
      severity: 'error',
      from: { path: `${SERVER}${domain}/` },
      to: { path: `${SERVER}(?:${above.join('|')})/` },
    };
  });
}

module.exports = {
  forbidden: [
    {
      name: 'infrastructure-imports-no-domain',
      comment: 'Infrastructure serves every domain and knows none: take what a domain knows as a parameter or a registered callback.',
      severity: 'error',
      from: { path: INFRA },
      to: { path: SERVER, pathNot: INFRA },
    },
    {
      name: 'domain-imports-no-app',
      comment: 'The app (runtime, seed) composes the domains; a domain never reaches back into it.',
      severity: 'error',
      from: { path: SERVER, pathNot: APP_PATHS },
      to: { path: APP_PATHS },
    },
    {
      name: 'only-through-the-face',
      comment: "Another domain's files are its own: import its face, src/lib/server/<domain>/index.ts.",
      severity: 'error',
      from: { path: `${SERVER}([^/]+)/` },
      to: { path: `${SERVER}[^/]+/.+`, pathNot: [`${SERVER}$1/`, `${SERVER}[^/]+/index\\.ts$`] },
    },
    {
      name: 'no-import-of-own-face',
      comment: "A domain's files import each other, never their own face: the face loads the whole domain, so importing it from inside makes a cycle.",
      severity: 'error',
      from: { path: `${SERVER}([^/]+)/.+`, pathNot: `${SERVER}[^/]+/index\\.ts$` },
      to: { path: `${SERVER}$1/index\\.ts$` },
    },
    {
      name: 'pages-only-through-the-face',
      comment: "Pages, layouts, components, middleware and the app's single files use a domain through its face.",
      severity: 'error',
      from: { path: '^src/', pathNot: `${SERVER}[^/]+/` },
      to: { path: `${SERVER}[^/]+/.+`, pathNot: [`${SERVER}[^/]+/index\\.ts$`] },
    },
    ...layerRules(),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/|\\.d\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.astro'],
    },
    extraExtensionsToScan: ['.astro'],
  },
};
