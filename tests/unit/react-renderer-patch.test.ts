// patches/@astrojs+react+7.0.0.patch (docs/performance.md#the-astro-patches): what the patched React renderer
// must keep doing, so an upgrade that drops or breaks the patch fails here, not in a browser.
//  - With experimentalDisableStreaming (astro.config.mjs) each island keeps its useId prefix (r0, r1, … per
//    page): upstream calls renderToString(vnode) without it, so two islands of a page share ids and the
//    browser's hydration (which gets the prefix) mismatches.
//  - An island with a lazy part is rendered whole on the server: never React's fallback plus the inline
//    swap script a strict CSP refuses.
//  - The patch applies to exactly the installed versions, pinned in package.json.
import { readdirSync, readFileSync } from 'node:fs';
import { createElement, lazy, Suspense, useId } from 'react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('astro:react:opts', () => ({ default: { experimentalDisableStreaming: true } }));

const { default: renderer } = await import('@astrojs/react/server.js');

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { dependencies: Record<string, string> };
const installed = (name: string) => (JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, root), 'utf8')) as { version: string }).version;

/** One page's render result (the renderer counts island ids per result). */
const page = () => ({ result: { _metadata: {}, clientDirectives: new Map() } });
const render = (self: object, Component: unknown, props: Record<string, unknown> = {}) =>
  renderer.renderToStaticMarkup.call(self as never, Component as never, { ...props }, {}, { hydrate: 'load' } as never);

function Labelled() {
  const id = useId();
  return createElement('label', { htmlFor: id }, createElement('input', { id }));
}

function Inner() {
  return createElement('p', null, 'the lazy part, rendered');
}
const LazyInner = lazy(() => new Promise<{ default: typeof Inner }>((resolve) => setTimeout(() => resolve({ default: Inner }), 5)));
function WithLazyPart() {
  return createElement(Suspense, { fallback: createElement('span', null, 'loading') }, createElement(LazyInner));
}

describe('the patched React renderer', () => {
  it('gives each island of a page its own useId prefix (renderToString with the identifierPrefix)', async () => {
    const self = page();
    const first = await render(self, Labelled);
    const second = await render(self, Labelled);
    expect(first.attrs?.prefix).toBe('r0');
    expect(second.attrs?.prefix).toBe('r1');
    const idOf = (html: string) => /id="([^"]+)"/.exec(html)?.[1];
    expect(idOf(first.html)).toContain('r0');
    expect(idOf(second.html)).toContain('r1');
    expect(idOf(first.html)).not.toBe(idOf(second.html));
  });

  it('renders an island whose lazy part is not loaded yet whole, without a fallback or an inline script', async () => {
    const { html } = await render(page(), WithLazyPart);
    expect(html).toContain('the lazy part, rendered');
    expect(html).not.toContain('loading');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<!--$!');
  });

  it('applies to the exact versions installed, which package.json pins without a range', () => {
    const patches = readdirSync(new URL('patches/', root)).filter((f) => f.endsWith('.patch'));
    for (const file of patches) {
      const [, name, version] = /^(.+)\+(\d+\.\d+\.\d+)\.patch$/.exec(file) ?? [];
      const pkgName = name!.replace('+', '/');
      expect(installed(pkgName), file).toBe(version);
      expect(pkg.dependencies[pkgName], `package.json pins ${pkgName}`).toBe(version);
    }
  });
});
