/**
 * A store read by an island that the server rendered from props (issue 37: React error #418). The shell's
 * realtime bridge hydrates first (client:load) and may change a store (a notification, a presence, a count)
 * before an idle island hydrates; reading the store during hydration would then render other text than the
 * server's HTML. This hook answers `serverValue` while React hydrates (getServerSnapshot) and the store's
 * live value right after, so the first render matches and the update follows as an ordinary render.
 */
import type { ReadableAtom } from 'nanostores';
import { useCallback, useSyncExternalStore } from 'react';

export function useHydratedStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  const subscribe = useCallback((changed: () => void) => store.listen(changed), [store]);
  return useSyncExternalStore(
    subscribe,
    () => store.get(),
    () => serverValue,
  );
}

const noChanges = () => () => {};

/**
 * False while the server renders and the browser hydrates, true after: what depends on the reader's time zone
 * or clock (a day heading, a local time) renders the UTC value first, so both sides agree, then the local one.
 */
export function useAfterHydration(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
