import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { api, ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format/dates';
import { toast } from '../../lib/stores/toasts';
import type { DisputePayload } from '../../lib/delivery-types';
import { Evidence } from './Evidence';
import './delivery.css';

type Decision = { dispute: DisputePayload; action: 'release' | 'refund' };

/** /admin/disputes: the linked episodes brands dispute, with the evidence and both sides' words; release the fee or refund the brand. */
export default function AdminDisputes({ initial, settled }: { initial: DisputePayload[]; settled: boolean }) {
  const [rows, setRows] = useState(initial);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [note, setNote] = useState('');
  const decide = async () => {
    if (!deciding) return;
    const { dispute, action } = deciding;
    try {
      await api(`/api/admin/disputes/${dispute.id}/${action}`, { body: note.trim() ? { note: note.trim() } : {} });
      toast.success(action === 'release' ? `Released ${dispute.job.fee_display} to ${dispute.podcast.title}.` : `Refunded ${dispute.brand.name}.`);
      setRows((r) => r.filter((x) => x.id !== dispute.id));
      setDeciding(null);
      setNote('');
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
    }
  };
  return (
    <div className="disputes">
      <nav className="disputes__tabs" aria-label="Disputes">
        <a href="/admin/disputes" aria-current={settled ? undefined : 'page'}>
          Open
        </a>
        <a href="/admin/disputes?status=settled" aria-current={settled ? 'page' : undefined}>
          Settled
        </a>
      </nav>
      {rows.length === 0 ? (
        <div className="disputes__empty">
          <p>
            {settled
              ? 'No dispute has been settled yet.'
              : 'No open disputes. When a brand disputes the episode a podcaster linked, it waits here with the evidence and both sides’ words.'}
          </p>
        </div>
      ) : (
        <ul className="disputes__list">
          {rows.map((d) => (
            <li key={d.id} className="disputes__item" aria-labelledby={`dispute-${d.id}`}>
              <div className="disputes__head">
                <h2 id={`dispute-${d.id}`} className="disputes__title">
                  {d.campaign.title} · {d.podcast.title}
                </h2>
                <span className={`pill disputes__status disputes__status--${d.status}`}>
                  {d.status === 'open' ? 'Open' : d.status === 'released' ? 'Released' : 'Refunded'}
                </span>
              </div>
              <p className="delivery__meta">
                {d.job.description || 'Ad'} · {d.job.fee_display} · ad approved {d.approved_at ? formatDate(d.approved_at) : '—'} · disputed{' '}
                {formatDate(d.created_at)}
                {d.resolved_at ? ` · settled ${formatDate(d.resolved_at)}` : ''}
              </p>
              {d.evidence ? <Evidence evidence={d.evidence} /> : <p className="delivery__note">No evidence was kept for this link.</p>}
              <div className="disputes__sides">
                <blockquote>
                  <p className="delivery__meta">
                    The brand, {d.brand.name} ({d.brand.email})
                  </p>
                  <p>“{d.reason}”</p>
                </blockquote>
                <blockquote>
                  <p className="delivery__meta">
                    The podcaster, {d.podcaster.name} ({d.podcaster.email})
                  </p>
                  <p>{d.response ? `“${d.response}”` : 'No answer yet.'}</p>
                </blockquote>
              </div>
              {d.resolution_note && <p className="delivery__note">Admin’s note: “{d.resolution_note}”</p>}
              {d.status === 'open' && (
                <div className="delivery__buttons">
                  <button type="button" className="cp-button cp-button--primary" onClick={() => setDeciding({ dispute: d, action: 'release' })}>
                    Release {d.job.fee_display}
                  </button>
                  <button type="button" className="cp-button cp-button--danger" onClick={() => setDeciding({ dispute: d, action: 'refund' })}>
                    Refund the brand
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deciding !== null}
        title={deciding?.action === 'release' ? 'Release the fee to the podcaster?' : 'Refund the brand?'}
        confirmLabel={deciding?.action === 'release' ? `Release ${deciding.dispute.job.fee_display}` : 'Refund the brand'}
        danger={deciding?.action === 'refund'}
        onConfirm={decide}
        onCancel={() => {
          setDeciding(null);
          setNote('');
        }}
      >
        {deciding && (
          <>
            <p>
              {deciding.action === 'release'
                ? `The ad counts as aired: the job completes and ${deciding.dispute.job.fee_display} (less the service fee) goes to ${deciding.dispute.podcaster.name}.`
                : `The ad does not count as aired: the job is dropped and what ${deciding.dispute.brand.name} paid for it goes back to their card.`}{' '}
              Both sides are told. This cannot be undone.
            </p>
            <div className="cp-field">
              <label htmlFor="dispute-note">Note to both sides (optional)</label>
              <textarea id="dispute-note" className="cp-input" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
            </div>
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}
