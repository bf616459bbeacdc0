// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';

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

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
  devToolbar: { enabled: false },
  // API calls authenticate by bearer token (no CSRF exposure) and /oauth/token must take RFC 6749 form posts
  // from any client; the few cookie-authenticated page forms check their origin themselves (sameOrigin()).
  security: { checkOrigin: false },
  vite: {
    plugins: [serverRuntimeEntry()],
    ssr: { external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'nodemailer', 'ws', 'pusher'] },
  },
});
