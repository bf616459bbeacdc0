/** /settings/hires: every hire with its status, total and jobs; a funded job that is not completed can be cancelled (refunded). */
import { useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast } from '../../lib/stores/toasts';
import { formatMoney } from '../../lib/format/money';
import { formatDate } from '../../lib/format/dates';
import type { HiringPayload } from '../../lib/campaign-types';
import '../../styles/payments.css';

type Job = HiringPayload['jobs'][number];

const HIRE_STATUS: Record<HiringPayload['status'], string> = { new: 'Waiting for funding', funded: 'Funded', completed: 'Completed', cancelled: 'Cancelled' };
const JOB_STATUS: Record<Job['status'], string> = {
  pending: 'Not started',
  'in-progress': 'In progress',
  'in-review': 'In review',
  completed: 'Completed',
  rejected: 'Declined',
  dropped: 'Cancelled, refunded',
};

/** The hires list with its one action. */
export default function HiresTable({ initial }: { initial: HiringPayload[] }) {
  const [hires, setHires] = useState(initial);
  const [cancelling, setCancelling] = useState<{ hire: HiringPayload; job: Job } | null>(null);

  async function cancel() {
    if (!cancelling) return;
    try {
      const res = await api<{ data: HiringPayload }>(`/api/brand/jobs/${cancelling.job.id}/cancel`, { method: 'POST' });
      setHires((list) => list.map((h) => (h.id === res.data.id ? res.data : h)));
      toast.success(`Cancelled. ${formatMoney(cancelling.job.fee)} minus any coupon share is refunded to your card.`);
      setCancelling(null);
    } catch (e) {
      toast.error(e instanceof ApiError ? (e.field('job') ?? e.message) : 'The job could not be cancelled.');
      setCancelling(null);
    }
  }

  return (
    <ul className="pm-hires" aria-label="Hires">
      {hires.map((h) => (
        <li key={h.id} className="pm-section">
          <div className="pm-hire__head">
            <div>
              <h2 className="pm-flush">{h.podcast_title}</h2>
              <p className="pm-small pm-muted pm-flush">
                <a href={`/campaign/${h.campaign_id}/hired`}>{h.campaign_title}</a> · hired {formatDate(h.created_at)}
              </p>
            </div>
            <div className="pm-row">
              <span className={`pm-status pm-status--${h.status}`}>{HIRE_STATUS[h.status]}</span>
              <strong className="pm-amount">{formatMoney(h.total_price)}</strong>
            </div>
          </div>
          <div className="pm-table-wrap">
            <table className="pm-table">
              <caption className="cp-sr-only">Jobs of the hire of {h.podcast_title}</caption>
              <thead>
                <tr>
                  <th scope="col">Ad</th>
                  <th scope="col">Date</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="pm-num">
                    Fee
                  </th>
                  <th scope="col">
                    <span className="cp-sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {h.jobs.map((j) => {
                  const name = `${j.ad_title ?? 'Ad'}${j.description ? `: ${j.description}` : ''}`;
                  return (
                    <tr key={j.id}>
                      <td data-label="Ad">{name}</td>
                      <td data-label="Date">{j.delivery_date ? formatDate(j.delivery_date) : '—'}</td>
                      <td data-label="Status">
                        <span className={`pm-status pm-status--${j.status}`}>{JOB_STATUS[j.status]}</span>
                      </td>
                      <td className="pm-num" data-label="Fee">
                        {formatMoney(j.fee)}
                      </td>
                      <td>
                        {j.is_funded && ['pending', 'in-progress', 'in-review'].includes(j.status) ? (
                          <button
                            type="button"
                            className="cp-button cp-button--link"
                            onClick={() => setCancelling({ hire: h, job: j })}
                            aria-label={`Cancel ${name} (${h.podcast_title})`}
                          >
                            Cancel
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="pm-row">
            {h.status === 'new' ? (
              <a className="cp-button cp-button--primary" href={`/hirings/fund?hiring=${h.id}`}>
                Fund this hire
              </a>
            ) : null}
            <a className="cp-button cp-button--link" href={h.workroom_link}>
              Open workroom
            </a>
          </div>
        </li>
      ))}
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this ad?"
        confirmLabel="Cancel the ad and refund it"
        cancelLabel="Keep it"
        danger
        onConfirm={cancel}
        onCancel={() => setCancelling(null)}
      >
        {cancelling ? (
          <p>
            {cancelling.hire.podcast_title} will not run “{cancelling.job.description || cancelling.job.ad_title || 'this ad'}”. What you paid for it (
            {formatMoney(cancelling.job.fee)}, less its share of any coupon) goes back to your card, and the podcaster is told. This cannot be undone.
          </p>
        ) : null}
      </ConfirmDialog>
    </ul>
  );
}
