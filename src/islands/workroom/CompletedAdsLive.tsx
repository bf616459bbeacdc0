import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $dealChange } from '../../lib/stores/realtime';

/**
 * Keeps Completed Ads live: when a deal of the user changes (an ad verified on air, on any tab or by
 * the other side; or after a reconnect) the page's list is fetched again and swapped in place, its
 * audio players hydrating as they arrive. Renders nothing.
 */
export default function CompletedAdsLive({ targetId }: { targetId: string }) {
  const change = useStore($dealChange);
  const busy = useRef(false);
  useEffect(() => {
    if (!change || busy.current) return;
    busy.current = true;
    void fetch(window.location.href, { credentials: 'same-origin', headers: { accept: 'text/html' } })
      .then(async (res) => {
        if (!res.ok) return;
        const fresh = new DOMParser().parseFromString(await res.text(), 'text/html').getElementById(targetId);
        const current = document.getElementById(targetId);
        if (fresh && current && fresh.innerHTML !== current.innerHTML)
          current.replaceChildren(...[...fresh.childNodes].map((n) => document.importNode(n, true)));
      })
      .catch(() => undefined)
      .finally(() => {
        busy.current = false;
      });
  }, [change?.at, targetId]);
  return null;
}
