import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { $dealChange } from '../../lib/stores/realtime';
import type { BrandStatsPayload } from '../../lib/types';

interface Props {
  initial: BrandStatsPayload;
}

/**
 * The brand's four top-bar counts, rendered by the server and refreshed from GET /api/brand/stats when
 * a deal changes (realtime, on every open tab; after a reconnect too) and when the tab regains focus.
 */
export default function BrandStats({ initial }: Props) {
  const [stats, setStats] = useState(initial);
  const change = useStore($dealChange);
  const refreshRef = useRef<(force?: boolean) => Promise<void>>(async () => undefined);

  useEffect(() => {
    let busy = false;
    let again = false;
    const refresh = async (force = false) => {
      if (!force && document.visibilityState === 'hidden') return;
      // A change during a fetch fetches once more after it: the last answer is the newest.
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      try {
        const res = await api<{ data: BrandStatsPayload }>('/api/brand/stats');
        setStats(res.data);
      } catch {
        // Keep the counts we have; the next change or focus tries again.
      } finally {
        busy = false;
        if (again) {
          again = false;
          void refresh(true);
        }
      }
    };
    refreshRef.current = refresh;
    const onFocus = () => void refresh();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);

  useEffect(() => {
    // A background tab updates too, so its counts are right when it is looked at.
    if (change) void refreshRef.current(true);
  }, [change?.at]);

  const items = [
    { label: 'Ad Proposals', count: stats.new_proposals.proposal_count, link: stats.new_proposals.link },
    { label: 'Pending Reviews', count: stats.pending_reviews.job_count, link: stats.pending_reviews.link },
    { label: 'In Progress', count: stats.jobs_in_progress.job_count, link: stats.jobs_in_progress.link },
    { label: 'Completed', count: stats.completed.job_count, link: stats.completed.link },
  ];
  return (
    <nav className="brand-stats" aria-label="Campaign activity">
      <ul>
        {items.map((item) => (
          <li key={item.label}>
            <a href={item.link} className="brand-stats__link">
              <span className="brand-stats__count">{item.count}</span>
              <span className="brand-stats__label">{item.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
