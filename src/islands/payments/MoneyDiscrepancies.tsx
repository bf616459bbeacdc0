/**
 * /admin's money section: what a provider told us that did not match what we asked (refused webhooks,
 * refunds above their charge) and the differences of the latest reconciliation of the ledger with the
 * provider's records. An admin runs a reconciliation now or marks an item resolved; nothing here moves money.
 */
import { useState } from 'react';
import { api, ApiError } from '../../lib/api';
import { toast } from '../../lib/stores/toasts';
import { formatDate } from '../../lib/format/dates';
import { formatMoney } from '../../lib/format/money';
import { countOf } from '../../lib/format/text';
import type { DiscrepancyItem, ReconciliationRun } from '../../lib/payments';
import '../../styles/payments.css';

interface Props {
  open: DiscrepancyItem[];
  openTotal: number;
  runs: ReconciliationRun[];
}

const SOURCE: Record<DiscrepancyItem['source'], string> = { webhook: 'Webhook', reconciliation: 'Reconciliation', ledger: 'Refund' };
const KIND: Record<string, string> = {
  amount_mismatch: 'Amount differs',
  currency_mismatch: 'Currency differs',
  attempt_mismatch: 'Not the attempt we charged',
  intent_mismatch: 'Another payment',
  status_mismatch: 'Status differs',
  unexpected_charge: 'Unexpected charge',
  unknown_payment: 'Unknown payment',
  refund_exceeds_charge: 'Refund above its charge',
  missing_in_ledger: 'Missing in the ledger',
  missing_at_provider: 'Missing at the provider',
};
/** Fields that hold cents, shown as money. */
const MONEY = /^(amount|amount_received|amount_captured|amount_refunded|captured|already_refunded|refunded_in_ledger|refunded_at_provider)$/;
const when = (iso: string) => `${formatDate(iso)} ${new Date(iso).toISOString().slice(11, 16)} UTC`;
const pairs = (o: Record<string, unknown>) =>
  Object.entries(o)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(
      ([k, v]) =>
        `${k.replaceAll('_', ' ')}: ${MONEY.test(k) && typeof v === 'number' ? formatMoney(v) : typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
    );

/** The list, the latest runs and their actions. */
export default function MoneyDiscrepancies({ open: initial, openTotal, runs: initialRuns }: Props) {
  const [items, setItems] = useState(initial);
  const [total, setTotal] = useState(openTotal);
  const [runs, setRuns] = useState(initialRuns);
  const [running, setRunning] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  const last = runs[0] ?? null;

  async function reconcile() {
    setRunning(true);
    try {
      const res = await api<{ data: ReconciliationRun }>('/api/admin/payments/reconciliations', { method: 'POST' });
      const list = await api<{ data: DiscrepancyItem[] }>('/api/admin/payments/discrepancies', { query: { status: 'open' } });
      setRuns((r) => [res.data, ...r].slice(0, 5));
      setItems(list.data.slice(0, 50));
      setTotal(list.data.length);
      toast.success(res.data.differences === 0 ? 'The ledger matches the provider.' : `${res.data.differences} difference(s) found.`);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'The reconciliation could not run.');
    } finally {
      setRunning(false);
    }
  }

  async function resolve(item: DiscrepancyItem) {
    setBusyId(item.id);
    try {
      await api(`/api/admin/payments/discrepancies/${item.id}/resolve`, { method: 'POST' });
      setItems((list) => list.filter((i) => i.id !== item.id));
      setTotal((n) => Math.max(0, n - 1));
      toast.success('Marked resolved. It stays on record.');
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Could not mark it resolved.');
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div className="pm-money">
      <div className="pm-row pm-row--between">
        <p className="pm-flush pm-small pm-muted" data-testid="reconciliation-last">
          {last
            ? `Last reconciliation ${when(last.started_at)} (${last.trigger === 'schedule' ? 'daily' : last.trigger}, ${last.engine}): ${
                last.status === 'failed'
                  ? `failed: ${last.error ?? 'unknown error'}`
                  : last.status === 'running'
                    ? 'running'
                    : `${last.checked.charges ?? 0} charges, ${last.checked.refunds ?? 0} refunds, ${last.checked.payouts ?? 0} payouts checked; ${last.differences} difference${last.differences === 1 ? '' : 's'}`
              }.`
            : 'No reconciliation has run yet. It runs every day at 03:40 UTC, or now.'}
        </p>
        <button type="button" className="cp-button" onClick={() => void reconcile()} disabled={running} aria-busy={running || undefined}>
          {running ? 'Reconciling…' : 'Reconcile now'}
        </button>
      </div>
      {items.length === 0 ? (
        <p className="pm-empty" data-testid="discrepancies-empty">
          {last?.status === 'succeeded'
            ? 'No open discrepancies: every webhook matched what was asked of the provider, and the last reconciliation found the ledger and the provider in agreement.'
            : 'No open discrepancies: every webhook so far matched what was asked of the provider.'}
        </p>
      ) : (
        <>
          <p className="pm-flush pm-small" role="status">
            {countOf(total, 'open discrepancy')}
            {total > items.length ? ` (the newest ${items.length} shown)` : ''}. None of them moved money.
          </p>
          <ul className="pm-discrepancies" aria-label="Open discrepancies">
            {items.map((d) => (
              <li key={d.id} className="pm-discrepancy">
                <div className="pm-row pm-row--between">
                  <strong>
                    {KIND[d.kind] ?? d.kind}
                    <span className="pm-tag">{SOURCE[d.source]}</span>
                  </strong>
                  <span className="pm-small pm-muted">{when(d.created_at)}</span>
                </div>
                <p className="pm-flush">{d.reason}</p>
                <dl className="pm-discrepancy__facts pm-small">
                  {d.provider_ref ? (
                    <div>
                      <dt>Provider id</dt>
                      <dd>
                        <code>{d.provider_ref}</code>
                      </dd>
                    </div>
                  ) : null}
                  {d.event_id ? (
                    <div>
                      <dt>Event</dt>
                      <dd>
                        <code>{d.event_id}</code> {d.event_type}
                      </dd>
                    </div>
                  ) : null}
                  <div>
                    <dt>We asked</dt>
                    <dd>{pairs(d.expected).join(' · ') || 'nothing'}</dd>
                  </div>
                  <div>
                    <dt>Provider said</dt>
                    <dd>{pairs(d.received).join(' · ') || 'nothing'}</dd>
                  </div>
                </dl>
                <div className="pm-row">
                  <button type="button" className="cp-button cp-button--link" onClick={() => void resolve(d)} disabled={busyId === d.id}>
                    Mark resolved
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
