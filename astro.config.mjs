// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import { fileURLToPath } from 'node:url';
import reactIslands from './src/integrations/react-islands/index.ts';

const runtimeEntry = fileURLToPath(new URL('./src/lib/server/runtime.ts', import.meta.url));

/**
 * Adds src/lib/server/runtime.ts as a second entry of the server build, so the process
 * starter (server/start.mjs) and the pages share one module graph: one database, one queue.
 * @returns {import('vite').Plugin}
 */
function serverRuntimeEntry() {
  return {
    name: 'cuepoint:server-runtime-entry',
    applyToEnvironment: (env) => env.name === 'ssr',
    apply: 'build',
    options(options) {
      const input = options.input;
      if (input && typeof input === 'object' && !Array.isArray(input)) {
        return { ...options, input: { ...input, runtime: runtimeEntry } };
      }
      if (Array.isArray(input)) return { ...options, input: [...input, runtimeEntry] };
      if (typeof input === 'string') return { ...options, input: [input, runtimeEntry] };
      return { ...options, input: { runtime: runtimeEntry } };
    },
  };
}

/**
 * Precompresses the hashed browser assets (.br and .gz beside each) once the build is done; the server
 * sends those instead of compressing per request (server/http-delivery.mjs).
 * @returns {import('astro').AstroIntegration}
 */
function precompressAssets() {
  return {
    name: 'cuepoint:precompress-assets',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { precompress } = await import('./scripts/precompress.mjs');
        const { files, raw, packed } = await precompress(fileURLToPath(new URL('../client/_astro/', dir)));
        logger.info(`precompressed ${files} assets: ${Math.round(raw / 1024)} KB, ${Math.round(packed / 1024)} KB as br`);
      },
    },
  };
}

export default defineConfig({
  output: 'server',
  // Middleware mode: Astro renders; server/ serves the build's files itself (server/static-files.mjs).
  adapter: node({ mode: 'middleware' }),
  // React islands: @astrojs/react with our server renderer (src/integrations/react-islands/), which renders with
  // renderToString (a quarter of the work of a stream for a small island: a 12-link nav ~160 µs against ~690 µs),
  // keeps each island's useId prefix, and renders an island whose lazy part has not loaded yet whole (a stream
  // awaited to allReady): never a client-rendered fallback, nor the inline swap script a strict CSP refuses.
  integrations: [reactIslands(), precompressAssets()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  devToolbar: { enabled: false },
  security: {
    // API calls authenticate by bearer token (no CSRF exposure) and /oauth/token must take RFC 6749 form posts
    // from any client; cookie-authenticated requests (page forms, /logout, /session) are checked in the middleware.
    checkOrigin: false,
    // A strict CSP on every page: Astro lists the hash of each script and style it emits, so nothing else runs
    // (src/lib/server/security-headers.ts adds the other directives). Style attributes stay allowed: React and
    // the pages set a few, and a style attribute cannot run script.
    csp: { styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] } },
  },
  vite: {
    plugins: [serverRuntimeEntry()],
    ssr: { external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'pg-boss', 'nodemailer', 'ws', 'pusher', '@aws-sdk/client-s3', '@aws-sdk/lib-storage'] },
  },
});
