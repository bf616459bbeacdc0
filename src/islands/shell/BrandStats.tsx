import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import type { BrandStatsPayload } from '../../lib/types';

interface Props {
  initial: BrandStatsPayload;
}

/** The brand's four top-bar counts, rendered by the server and refreshed from GET /api/brand/stats when the tab regains focus. */
export default function BrandStats({ initial }: Props) {
  const [stats, setStats] = useState(initial);

  useEffect(() => {
    let busy = false;
    const refresh = async () => {
      if (busy || document.visibilityState === 'hidden') return;
      busy = true;
      try {
        const res = await api<{ data: BrandStatsPayload }>('/api/brand/stats');
        setStats(res.data);
      } catch {
        // Keep the counts we have; the next focus tries again.
      } finally {
        busy = false;
      }
    };
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, []);

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
