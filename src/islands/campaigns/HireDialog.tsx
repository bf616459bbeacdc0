/**
 * The proposal feed's hire confirmation: the items, the total and, when the hire is more than what is
 * left of the campaign's budget, a warning and a second, explicit step ("Hire past the budget"), which
 * sends `confirm_over_budget: true`. The server decides too (with the campaign locked): its 422 on
 * `confirm_over_budget` opens the same second step.
 */
import { useEffect, useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast } from '../../lib/stores/toasts';
import { formatMoney } from '../../lib/format/money';
import { countOf } from '../../lib/format/text';
import { hireItemLine } from './proposal-items';
import type { FeedPackagePayload } from '../../lib/campaign-types';
import { ShowArtwork, VerifiedAudienceFigures } from '../../components/VerifiedAudience';

export interface HireItem {
  id: number;
  podcast: string;
  ad_title: string | null;
  description: string | null;
  episodes: number;
  price: number;
}

interface Props {
  open: boolean;
  jobIds: number[];
  items: HireItem[];
  total: number;
  campaignTitle: string;
  /** What is left of the campaign's budget (budget less what is hired), or null without a budget. */
  remainingBudget: number | null;
  /** The proposals hired from: each show's artwork, verified and self-reported figures and price guide. */
  proposals?: FeedPackagePayload[];
  onCancel: () => void;
}

/** Review, then (past the budget) confirm again; hires and goes to Pending Hires. */
export default function HireDialog({ open, jobIds, items, total, campaignTitle, remainingBudget, proposals = [], onCancel }: Props) {
  const [overMessage, setOverMessage] = useState<string | null>(null);
  const [step, setStep] = useState<'review' | 'over'>('review');
  const count = countOf(items.length, 'item');
  const over = remainingBudget !== null && total > remainingBudget;
  const warning =
    overMessage ??
    (over ? `This hire of ${formatMoney(total)} is more than the ${formatMoney(remainingBudget)} left of the budget of “${campaignTitle}”.` : null);

  useEffect(() => {
    if (open) {
      setStep('review');
      setOverMessage(null);
    }
  }, [open]);

  async function hire(confirmOverBudget: boolean) {
    try {
      await api('/api/brand/hirings', { method: 'POST', body: { job_ids: jobIds, ...(confirmOverBudget ? { confirm_over_budget: true } : {}) } });
      toast.success(`Hired ${count}.`);
      window.location.assign('/hirings/overview');
    } catch (e) {
      const past = e instanceof ApiError ? e.field('confirm_over_budget') : null;
      if (past) {
        setOverMessage(past);
        setStep('over');
        return;
      }
      toast.error(e instanceof ApiError ? (e.field('job_ids') ?? e.message) : 'Could not hire these jobs.');
      onCancel();
    }
  }

  if (step === 'over')
    return (
      <ConfirmDialog open={open} title="Hire past the budget?" confirmLabel="Hire past the budget" onConfirm={() => hire(true)} onCancel={onCancel}>
        <p className="cq-budget-warning" role="alert">
          {warning}
        </p>
        <p>The campaign’s budget does not change. You can raise it in the campaign’s Budget tab instead.</p>
      </ConfirmDialog>
    );

  return (
    <ConfirmDialog
      open={open}
      title={`Hire ${count}?`}
      confirmLabel={over ? 'Continue' : 'Hire'}
      onConfirm={() => (over ? setStep('over') : hire(false))}
      onCancel={onCancel}
    >
      <ul>
        {items.map((j) => (
          <li key={j.id}>{hireItemLine(j)}</li>
        ))}
      </ul>
      {proposals.map((p) => (
        <section key={p.id} className="cq-hire-show" aria-label={`${p.podcast.title}: audience`}>
          <ShowArtwork title={p.podcast.title} url={p.podcast.avatar_url} className="cq-artwork cq-artwork--sm" />
          <div>
            <p className="cp-m-0 cp-bold">{p.podcast.title}</p>
            <VerifiedAudienceFigures audience={p.podcast.audience} selfReported={p.podcast.avg_listens} priceGuide={p.price_guide} compact />
          </div>
        </section>
      ))}
      <p>
        Total {formatMoney(total)} for “{campaignTitle}”. Next you fund the hire; the podcasters start once it is funded.
      </p>
      {remainingBudget !== null ? (
        <p className={over ? 'cq-budget-warning' : 'cp-muted'}>
          {over ? `${warning} Continue to confirm hiring past it.` : `${formatMoney(remainingBudget)} of the budget is left before this hire.`}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
