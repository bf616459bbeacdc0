import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const alias = { '~': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          // Run through Vite so a test can stand in for its `astro:react:opts` (react-renderer.test.ts).
          server: { deps: { inline: ['@astrojs/react'] } },
        },
      },
      {
        resolve: { alias },
        test: {
          // Domain functions against a fresh PGlite database and a local feed server (no HTTP server of ours).
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/api/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One worker runs every file in one process: the server and the builders share one database.
          fileParallelism: false,
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // Real processes: the scaled-out cluster on PostgreSQL, and a server killed in the middle of an import.
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'realtime',
          include: ['tests/realtime/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 20_000,
        },
      },
    ],
  },
});
