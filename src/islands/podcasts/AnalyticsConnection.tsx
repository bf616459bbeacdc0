/**
 * A show's analytics connection in the #analytics section of manage-podcasts: hosted shows are measured
 * already; any other show gets its measurement prefix, how to add it at its host, and 'Check again',
 * which reads the feed (POST /api/check-analytics) and says which of the newest episodes lack the prefix.
 */
import { useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { RelativeTime } from '../../components/RelativeTime';
import { toast } from '../../lib/stores/toasts';
import '../stats/stats.css';

export interface Connection {
  podcast_id: number;
  type: 'hosted' | 'prefix';
  status: 'pending' | 'active';
  last_check_at: string | null;
  has_active_analytics: boolean;
  prefix: string | null;
}

interface Checked {
  title: string;
  enclosure_url: string;
  has_prefix: boolean;
}

export default function AnalyticsConnection({ title, initial }: { title: string; initial: Connection }) {
  const [connection, setConnection] = useState(initial);
  const [checked, setChecked] = useState<Checked[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const active = connection.status === 'active';
  const headingId = `analytics-${connection.podcast_id}`;

  async function check() {
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ data: Connection & { checked: Checked[] } }>('/api/check-analytics', {
        method: 'POST',
        body: { podcast_id: connection.podcast_id },
      });
      const { checked: episodes, ...next } = res.data;
      setConnection(next);
      setChecked(episodes);
      toast.success(next.status === 'active' ? 'Analytics connected.' : 'Not connected yet: some episodes lack the prefix.');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The check failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(connection.prefix ?? '');
      toast.success('Prefix copied');
    } catch {
      toast.error('Copying is blocked here: select the prefix and copy it.');
    }
  }

  return (
    <section className="st-card" aria-labelledby={headingId} data-podcast={title}>
      <div className="cp-row">
        <h3 id={headingId}>Analytics for {title}</h3>
        <span className={`pc-pill ${active ? 'pc-pill--ok' : 'pc-pill--warn'}`}>{active ? 'Active' : 'Pending'}</span>
      </div>
      {connection.type === 'hosted' ? (
        <p className="st-muted">Hosted on Cuepoint: every download of this show’s episodes is counted, nothing to set up.</p>
      ) : (
        <>
          <p className="st-muted">
            Put this prefix in front of your episodes’ audio addresses, at your podcast host (the setting is usually called “analytics prefix” or “tracking
            prefix”). Podcast apps then reach your audio through Cuepoint, which counts each download and sends the app on at once.
          </p>
          <div className="st-copy">
            <code className="st-code" data-testid="measurement-prefix">
              {connection.prefix}
            </code>
            <button type="button" className="cp-button" onClick={() => void copy()}>
              Copy prefix
            </button>
          </div>
          <p className="st-muted">
            For example, <code>https://media.example.com/episode-12.mp3</code> becomes <code>{connection.prefix}media.example.com/episode-12.mp3</code>. Once
            your feed shows it, check again: the three newest episodes must carry it.
          </p>
          <div className="cp-row">
            <button type="button" className="cp-button cp-button--primary" disabled={busy} onClick={() => void check()}>
              {busy ? 'Checking…' : 'Check again'}
            </button>
            <span className="cp-small cp-muted" aria-live="polite">
              {connection.last_check_at ? <RelativeTime iso={connection.last_check_at} prefix="Last checked " /> : 'Not checked yet'}
            </span>
          </div>
          {error ? (
            <p className="cp-field-error" role="alert">
              {error}
            </p>
          ) : null}
          {checked && (
            <ul className="st-checks" aria-label={`Newest episodes of ${title}`}>
              {checked.length === 0 ? <li>The feed has no episode with audio yet.</li> : null}
              {checked.map((c) => (
                <li key={c.enclosure_url} className={c.has_prefix ? 'st-check--ok' : 'st-check--missing'}>
                  <span aria-hidden="true">{c.has_prefix ? '✓' : '!'}</span>
                  <span>
                    <strong>{c.title}</strong>: {c.has_prefix ? 'goes through the prefix.' : 'does not carry the prefix yet.'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
