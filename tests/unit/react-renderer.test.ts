// Our React renderer (src/integrations/react-islands/server.ts), what it must keep doing whatever @astrojs/react
// version is installed: each island of a page has its own useId prefix, and an island whose lazy part has not
// loaded yet comes out whole. Rendered through the renderer as Astro calls it (one render result per page).
import { createElement, lazy, type ReactNode, Suspense, useId } from 'react';
import { describe, expect, it, vi } from 'vitest';

// @astrojs/react's check(), which ours reuses, reads the options its Vite plugin provides in a build.
vi.mock('astro:react:opts', () => ({ default: { experimentalDisableStreaming: true } }));

const { default: renderer } = await import('~/integrations/react-islands/server');

/** One page's render result (islands are counted per result). */
const page = () => ({ result: {} });
const render = (self: object, Component: unknown) =>
  renderer.renderToStaticMarkup.call(self as never, Component as never, {}, {}, { hydrate: 'load' } as never);

function Labelled() {
  const id = useId();
  return createElement('label', { htmlFor: id }, 'Name', createElement('input', { id }));
}

function Inner() {
  return createElement('p', null, 'the lazy part, rendered');
}
/** A lazy part that loads only after the first synchronous render has been attempted (module level: one load). */
const LazyInner = lazy(() => new Promise<{ default: typeof Inner }>((resolve) => setTimeout(() => resolve({ default: Inner }), 5)));
function WithLazyPart() {
  return createElement(Suspense, { fallback: createElement('span', null, 'loading') }, createElement(LazyInner));
}

/** A lazy part over 500 bytes (smaller ones are never sent apart), loaded once: a module of its own. */
function Player() {
  return createElement('div', null, ...Array.from({ length: 20 }, (_, i) => createElement('span', { key: i }, `a control of the player, ${i}`)));
}
const LazyPlayer = lazy(() => new Promise<{ default: typeof Player }>((resolve) => setTimeout(() => resolve({ default: Player }), 5)));
/**
 * The workroom's shape (issue 37): over 12,800 bytes (React's progressive chunk size) of messages, then lazy
 * parts. Streamed, React sends a part after that many bytes apart: hidden, moved in place by an inline script.
 */
function LongThenLazy() {
  const fallback = createElement('span', null, 'loading');
  return createElement(
    'div',
    null,
    createElement('ul', null, ...Array.from({ length: 500 }, (_, i) => createElement('li', { key: i }, `message ${i} of a long thread`))),
    createElement(Suspense, { fallback }, createElement(LazyPlayer)),
    createElement(Suspense, { fallback }, createElement(LazyPlayer)),
  );
}

describe('our React renderer', () => {
  it('gives each island of a page its own useId prefix, so ids never collide across islands', async () => {
    const self = page();
    const first = await render(self, Labelled);
    const second = await render(self, Labelled);
    expect(first.attrs?.prefix).toBe('r0');
    expect(second.attrs?.prefix).toBe('r1');
    const idOf = (html: string) => /id="([^"]+)"/.exec(html)?.[1];
    expect(idOf(first.html)).toMatch(/r0/);
    expect(idOf(second.html)).toMatch(/r1/);
    expect(idOf(first.html)).not.toBe(idOf(second.html));
    // A new page counts from r0 again, as the browser's hydration of that page does.
    expect((await render(page(), Labelled)).attrs?.prefix).toBe('r0');
  });

  it('renders an island whose lazy part is not loaded yet whole, with no fallback and no inline script', async () => {
    const { html } = await render(page(), WithLazyPart);
    expect(html).toContain('the lazy part, rendered');
    expect(html).not.toContain('loading');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<!--$!');
    expect(html).not.toContain('<!--$?');
  });

  it('renders every lazy part inline after a large one, not as a hidden part revealed by an inline script', async () => {
    const { html } = await render(page(), LongThenLazy);
    expect(html).toContain('message 499 of a long thread');
    expect(html.match(/a control of the player, 19/g)).toHaveLength(2);
    expect(html).not.toContain('loading');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<!--$?');
    expect(html).not.toContain('hidden');
  });

  it('recognises React components through check() and passes slots as the client expects', async () => {
    expect(await renderer.check.call(page() as never, Labelled as never, {}, {})).toBe(true);
    expect(await renderer.check.call(page() as never, (() => 'text') as never, {}, {})).toBe(false);
    const { html } = await renderer.renderToStaticMarkup.call(
      page() as never,
      (({ children }: { children?: ReactNode }) => createElement('div', null, children)) as never,
      {},
      { default: '<b>slotted</b>' },
      { hydrate: 'load' } as never,
    );
    expect(html).toBe('<div><astro-slot><b>slotted</b></astro-slot></div>');
  });
});
