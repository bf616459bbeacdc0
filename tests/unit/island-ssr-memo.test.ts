// Issue #16: an island marked pureServerRender is rendered once per props and page position by Astro's
// React renderer (patches/@astrojs+react), not on every page; anything else renders every time.
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pureServerRender } from '../../src/lib/pure-server-render';

vi.mock('astro:react:opts', () => ({ default: { experimentalDisableStreaming: true } }));

const { default: renderer } = await import('@astrojs/react/server.js');

/** Renders like Astro does for one island of a page whose result counts island ids. */
const render = (Component: unknown, props: Record<string, unknown>, result = { result: { _metadata: {}, clientDirectives: new Map() } }) =>
  renderer.renderToStaticMarkup.call(result as never, Component as never, { ...props }, {}, { hydrate: 'load' } as never);

const renders = { pure: 0, plain: 0 };
const Pure = pureServerRender(function Pure({ n }: { n: number }) {
  renders.pure++;
  return createElement('b', null, `n=${n}`);
});
function Plain({ n }: { n: number }) {
  renders.plain++;
  return createElement('i', null, `n=${n}`);
}

const checked = { calls: 0 };
function Island({ n }: { n: number }) {
  checked.calls++;
  return createElement('span', null, `n=${n}`);
}

describe('server HTML of islands marked pure', () => {
  it('renders once per props, again for other props, and every time for an unmarked island', async () => {
    const first = await render(Pure, { n: 1 });
    const again = await render(Pure, { n: 1 });
    expect(again.html).toBe(first.html);
    expect(first.html).toContain('n=1');
    expect(renders.pure).toBe(1);
    expect((await render(Pure, { n: 2 })).html).toContain('n=2');
    expect(renders.pure).toBe(2);
    await render(Plain, { n: 1 });
    await render(Plain, { n: 1 });
    expect(renders.plain).toBe(2);
  });

  it('tells a React component apart by rendering it only the first time it is asked', async () => {
    const ask = () => renderer.check.call({ result: { _metadata: {}, clientDirectives: new Map() } } as never, Island as never, { n: 1 }, {}, {} as never);
    expect(await ask()).toBe(true);
    expect(checked.calls).toBe(1);
    expect(await ask()).toBe(true);
    expect(checked.calls).toBe(1);
    // Not a React component: asked again every time (nothing is remembered for it).
    const notReact = () => 'text';
    expect(await renderer.check.call({ result: { _metadata: {}, clientDirectives: new Map() } } as never, notReact as never, {}, {}, {} as never)).toBe(false);
  });
});
