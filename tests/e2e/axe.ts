/**
 * axe-core run inside the page, for the accessibility sweep. `@axe-core/playwright`'s `analyze()`
 * injects axe's 500 KB source again on every call and, to merge frames' results, opens a new tab,
 * injects it there too and closes it: about a second a call on a 2-core machine, two calls a screen.
 * Here the source is evaluated once per document and `axe.run` called as often as asked (once per
 * width), a third of the time for the same rules and the same results.
 *
 * Frames are not entered (`iframes: false`): the product's only frame is a PDF preview, a plugin
 * document axe cannot read either way.
 */
import axe, { type AxeResults } from 'axe-core';
import type { Page } from '@playwright/test';

type Axe = typeof axe;

/** The serious and critical rule violations of the page (or of `include`, a selector) for the given rule tags. */
export async function axeViolations(page: Page, tags: string[], include?: string): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    ({ tags, include }) =>
      (window as unknown as { axe: Axe }).axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        iframes: false,
        resultTypes: ['violations'],
      }),
    { tags, include },
  );
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
