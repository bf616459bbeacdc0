// The server half of our React renderer (registered by ./index.ts under @astrojs/react's name, beside its client
// entry). It renders islands as @astrojs/react does with experimentalDisableStreaming, with two differences:
//  - each island gets its useId prefix (r0, r1, … per page), which @astrojs/react's renderToString call leaves
//    out, so two islands of a page would share ids while the browser hydrates each with its own prefix;
//  - an island whose lazy part has not loaded yet (React.lazy under Suspense: the workroom's delivery panel, the
//    stats charts, the card form, the audio player, the editor) is rendered again as a stream read once it is
//    whole (allReady): never React's client-rendered fallback (<!--$!-->) nor the inline swap script that the
//    strict CSP refuses.
// check() is @astrojs/react's own. Slots and children are passed as its client expects (astro-slot elements).
// Not supported, and unused here: Astro actions' form state and experimentalReactChildren.
import upstream from '@astrojs/react/server.js';
import type { NamedSSRLoadedRendererValue } from 'astro';
import { type ComponentType, createElement, memo } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server';

type Metadata = { astroStaticSlot?: boolean; hydrate?: unknown } | undefined;
type Context = { result?: object } | undefined;

const islandCounts = new WeakMap<object, number>();

/** The next useId prefix of a page (one render result): r0, r1, … as React's client takes it from `prefix`. */
function nextPrefix(result: object): string {
  const n = islandCounts.get(result) ?? 0;
  islandCounts.set(result, n + 1);
  return `r${n}`;
}

const slotName = (name: string) => name.trim().replace(/[-_]([a-z])/g, (_, c: string) => c.toUpperCase());

/** A slot's server HTML, kept as it is on hydration (the same element @astrojs/react's client builds). */
const StaticHtml = memo(
  ({ value, name, hydrate = true }: { value: unknown; name?: string; hydrate?: boolean }) => {
    if (value == null || String(value).trim() === '') return null;
    return createElement(hydrate ? 'astro-slot' : 'astro-static-slot', {
      name,
      suppressHydrationWarning: true,
      dangerouslySetInnerHTML: { __html: String(value) },
    });
  },
  () => true,
);

/**
 * The whole HTML of a tree, waiting for every suspended part (no fallback, no inline script). A stream sends a
 * finished part apart once more than progressiveChunkSize bytes (12,800 by default) came before it in the
 * document: hidden, behind a pending marker, and moved in place by an inline script ($RC) that the CSP refuses,
 * so the browser found pending parts, then client-rendered them with React error #419 (issue 37: the workroom's
 * audio players and editor after a long thread, on a workroom's first view). No limit: every part in place.
 */
async function renderWhole(vnode: ReturnType<typeof createElement>, identifierPrefix: string | undefined): Promise<string> {
  const stream = await renderToReadableStream(vnode, { progressiveChunkSize: Number.POSITIVE_INFINITY, ...(identifierPrefix ? { identifierPrefix } : {}) });
  await stream.allReady;
  return new Response(stream).text();
}

async function renderToStaticMarkup(
  this: Context,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  { default: children, ...slotted }: Record<string, unknown>,
  metadata?: Metadata,
) {
  const prefix = this?.result ? nextPrefix(this.result) : undefined;
  const hydrate = metadata?.astroStaticSlot ? !!metadata.hydrate : true;
  delete props.class; // as @astrojs/react does: Astro puts the class on the island element
  const newProps: Record<string, unknown> = { ...props };
  for (const [key, value] of Object.entries(slotted)) {
    const name = slotName(key);
    newProps[name] = createElement(StaticHtml, { hydrate, value, name });
  }
  const newChildren = children ?? props.children;
  if (newChildren != null) newProps.children = createElement(StaticHtml, { hydrate, value: newChildren });

  const vnode = createElement(Component, newProps);
  let html = renderToString(vnode, prefix ? { identifierPrefix: prefix } : {});
  // A boundary that suspended comes out client-rendered; by now the lazy module is loading, so wait for it.
  if (html.includes('<!--$!')) html = await renderWhole(vnode, prefix);
  // React 19 hoists resource hints into the island; Astro places the page's own (as @astrojs/react does).
  html = html.replace(/<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g, '');
  const attrs: Record<string, string> = prefix ? { prefix } : {};
  return { html, attrs };
}

const renderer: NamedSSRLoadedRendererValue = {
  name: '@astrojs/react',
  check: upstream.check,
  renderToStaticMarkup,
  supportsAstroStaticSlot: true,
};

export default renderer;
