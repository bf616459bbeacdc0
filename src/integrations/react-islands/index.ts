// Our React integration: @astrojs/react as it is (its Vite/JSX set-up, its client entry, its check()), with the
// server half of the renderer swapped for ours (./server.ts) through Astro's public addRenderer(). No file of
// the dependency is edited, so an upgrade of @astrojs/react needs no hand-redone patch; ./server.ts's test
// (tests/unit/react-renderer.test.ts) says whether the two things we need still hold.
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import type { AstroIntegration } from 'astro';

type ReactOptions = NonNullable<Parameters<typeof react>[0]>;
/** @astrojs/react's options, less the two our renderer decides (children as static HTML, no streaming). */
export type ReactIslandsOptions = Omit<ReactOptions, 'experimentalReactChildren' | 'experimentalDisableStreaming'>;

const serverEntrypoint = fileURLToPath(new URL('./server.ts', import.meta.url));

/** Registers React islands with @astrojs/react's client and build set-up and our server renderer. */
export default function reactIslands(options: ReactIslandsOptions = {}): AstroIntegration {
  // experimentalDisableStreaming: @astrojs/react's check(), which ours reuses, then renders its tester with
  // renderToString rather than a stream (a quarter of the work).
  const upstream = react({ ...options, experimentalDisableStreaming: true });
  const setup = upstream.hooks['astro:config:setup'];
  if (!setup) throw new Error('@astrojs/react no longer has an astro:config:setup hook: see src/integrations/react-islands');
  return {
    name: 'cuepoint:react-islands',
    hooks: {
      ...upstream.hooks,
      'astro:config:setup': (params) =>
        setup({
          ...params,
          addRenderer(renderer) {
            // Same name (client:only="react" and Astro's JSX hints look the renderer up by it) and client entry.
            if (renderer.name !== '@astrojs/react') throw new Error(`unexpected renderer ${renderer.name}`);
            params.addRenderer({ ...renderer, serverEntrypoint });
          },
        }),
    },
  };
}
