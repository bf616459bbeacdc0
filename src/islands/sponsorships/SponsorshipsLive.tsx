/**
 * Keeps an open sponsorship list current: when a campaign is approved, paused or resumed (the
 * `sponsorships.changed` event on the online channel), the tab counts are fetched again and a notice
 * offers to reload the list (reloading on its own would lose the reader's place).
 */
import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { realtime } from '../../lib/realtime-client';

interface Counts {
  othersCount: number;
  notFitCount: number;
  pendingCount: number;
  declinedCount?: number;
}

const KEYS: Record<string, keyof Counts> = { others: 'othersCount', 'not-fit': 'notFitCount', pending: 'pendingCount', declined: 'declinedCount' };

export default function SponsorshipsLive({ search }: { search: string }) {
  const [changed, setChanged] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    let stopped = false;
    const refresh = async () => {
      try {
        const counts = await api<Counts>('/api/sponsorships-count', { query: { search: search || undefined } });
        if (stopped) return;
        document.querySelectorAll<HTMLElement>('[data-count]').forEach((el) => {
          const key = KEYS[el.dataset.count ?? ''];
          const value = key ? counts[key] : undefined;
          if (typeof value === 'number') el.textContent = String(value);
        });
      } catch {
        // The counts stay as they were; the notice still offers a reload.
      }
      if (!stopped) setChanged(true);
    };
    void realtime()
      .then((echo) => {
        if (stopped) return;
        echo.join('online').listen('.sponsorships.changed', () => {
          // Several campaigns may change at once (an admin approving a batch): one refresh.
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => void refresh(), 400);
        });
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [search]);

  return (
    <div role="status" aria-live="polite">
      {changed ? (
        <p className="pc-card cp-row pc-live cp-m-0 cp-mb-md cp-row--between">
          <span>Sponsorships changed: a campaign was launched, paused or resumed.</span>
          <button type="button" className="cp-button cp-button--primary" onClick={() => window.location.reload()}>
            Refresh the list
          </button>
        </p>
      ) : null}
    </div>
  );
}
