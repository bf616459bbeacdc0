/**
 * The episode list of /hosting/episodes: each episode with its state, date, duration and downloads, and
 * its actions: Edit, Publish (or Schedule, for a date to come), Unpublish, Delete after confirmation.
 */
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/stores/toasts';
import type { EpisodeState } from '../../lib/hosting-rules';

export interface EpisodeItem {
  hash_id: string;
  guid: string | null;
  title: string;
  published_at: string | null;
  state: EpisodeState;
  season: number | null;
  episode_number: number | null;
  episode_type: string;
  duration: number | null;
  downloads: number;
}

const STATE_LABEL: Record<EpisodeState, string> = { published: 'Published', scheduled: 'Scheduled', draft: 'Draft' };

/** h:mm:ss or m:ss. */
export function clock(seconds: number | null): string {
  if (seconds == null) return '—';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export default function EpisodeTable({ hostedId, initial }: { hostedId: number; initial: EpisodeItem[] }) {
  const [items, setItems] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<EpisodeItem | null>(null);
  const base = `/api/podcasts/hosted/${hostedId}/episodes`;

  const change = async (e: EpisodeItem, action: 'publish' | 'unpublish') => {
    setBusy(e.hash_id);
    try {
      const res = await api<{ data: EpisodeItem }>(`${base}/${e.hash_id}/${action}`, { method: 'POST' });
      setItems((list) => list.map((i) => (i.hash_id === e.hash_id ? { ...i, ...res.data } : i)));
      const done = res.data.state === 'scheduled' ? `scheduled for ${formatDate(res.data.published_at!)}` : action === 'publish' ? 'published' : 'unpublished';
      toast.success(`“${e.title}” is ${done}.`);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    const e = deleting!;
    await api(`${base}/${e.hash_id}`, { method: 'DELETE' })
      .then(() => {
        setItems((list) => list.filter((i) => i.hash_id !== e.hash_id));
        toast.success(`“${e.title}” was deleted.`);
      })
      .catch((err: unknown) => toast.error(err instanceof Error ? err.message : 'The episode could not be deleted.'))
      .finally(() => setDeleting(null));
  };

  if (items.length === 0) return <p className="hosting-card cp-muted">No episodes left on this page.</p>;
  return (
    <>
      <table className="hosting-table" aria-label="Episodes">
        <thead>
          <tr>
            <th>Episode</th>
            <th>Status</th>
            <th>Date</th>
            <th className="num">Duration</th>
            <th className="num">Downloads</th>
            <th>
              <span className="cp-sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((e) => (
            <tr key={e.hash_id} data-guid={e.guid ?? undefined}>
              <td data-label="Episode">
                <div className="hosting-ep-title">
                  {e.season != null ? `S${e.season} ` : ''}
                  {e.episode_number != null ? `E${e.episode_number} · ` : ''}
                  {e.title}
                  {e.episode_type !== 'full' && <span className="hosting-badge hosting-badge--type">{e.episode_type === 'trailer' ? 'Trailer' : 'Bonus'}</span>}
                </div>
              </td>
              <td data-label="Status">
                <span className={`hosting-badge hosting-badge--${e.state}`}>{STATE_LABEL[e.state]}</span>
              </td>
              <td data-label="Date">{e.published_at ? formatDate(e.published_at) : '—'}</td>
              <td data-label="Duration" className="num">
                {clock(e.duration)}
              </td>
              <td data-label="Downloads" className="num">
                {e.downloads}
              </td>
              <td>
                <div className="hosting-row-actions">
                  <a href={`/hosting/episode/${e.hash_id}/edit`} aria-label={`Edit ${e.title}`}>
                    Edit
                  </a>
                  {e.state === 'draft' ? (
                    <button
                      type="button"
                      className="cp-button cp-button--link"
                      disabled={busy === e.hash_id}
                      onClick={() => change(e, 'publish')}
                      aria-label={`Publish ${e.title}`}
                    >
                      Publish
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="cp-button cp-button--link"
                      disabled={busy === e.hash_id}
                      onClick={() => change(e, 'unpublish')}
                      aria-label={`Unpublish ${e.title}`}
                    >
                      Unpublish
                    </button>
                  )}
                  <button type="button" className="cp-button cp-button--link cp-button--danger" onClick={() => setDeleting(e)} aria-label={`Delete ${e.title}`}>
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this episode?"
        danger
        confirmLabel="Delete episode"
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        <p>“{deleting?.title}” leaves your feed and its audio is deleted from Cuepoint. Listeners who downloaded it keep their copy; this cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
