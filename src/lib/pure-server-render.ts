/**
 * Marks an island whose server-rendered HTML depends on its props alone: no clock (no relative times),
 * nothing of the request but its props, no store the server writes. Astro's React renderer
 * (patches/@astrojs+react) then keeps that HTML per props and page position, so the shell's islands
 * are rendered once, not on every signed-in page. Never mark an island that shows a time relative to
 * now (the bell's "2 minutes ago"), anything random, or anything read outside its props.
 */
export function pureServerRender<T extends object>(component: T): T {
  return Object.assign(component, { ssrMemo: true });
}
