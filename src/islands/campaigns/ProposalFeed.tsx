import { useCallback, useMemo, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { toast } from '../../lib/stores/toasts';
import { formatMoney } from '../../lib/format/money';
import { FEED_TABS, FEED_TAB_LABELS, type FeedSort, type FeedTab, type FeedPackageJobPayload, type FeedPackagePayload } from '../../lib/campaign-types';
import type { Paginated } from '../../lib/paginate';
import { useLiveFeed } from './live-feed';
import MessageDialog from './MessageDialog';
import HireDialog from './HireDialog';
import ProposalCard, { RATE_LABELS, type RateField } from './ProposalCard';
import { itemsOf } from './proposal-items';
import FeedSortBar from './FeedSortBar';
import { itemPrice, selectionTotal } from '../../lib/proposal-total';
import './campaigns.css';

interface Props {
  campaignId: number;
  campaignTitle: string;
  brandUserId: number;
  tab: FeedTab;
  /** The order and filter of the feed, as the page's ?sort=&measured= give them. */
  sort: FeedSort;
  measuredOnly: boolean;
  initial: Paginated<FeedPackagePayload>;
  counts: Record<FeedTab, number>;
  /** What is left of the campaign's budget (budget less what is hired), or null without a budget. */
  remainingBudget: number | null;
}

/** A copy of a set with one id added or removed. */
const toggled = (set: Set<number>, id: number, on: boolean) => {
  const n = new Set(set);
  if (on) n.add(id);
  else n.delete(id);
  return n;
};

/** The proposal feed of a campaign: compare proposals, star, rate, decline items, message podcasters and hire jobs. */
export default function ProposalFeed({
  campaignId,
  campaignTitle,
  brandUserId,
  tab,
  sort,
  measuredOnly,
  initial,
  counts: initialCounts,
  remainingBudget,
}: Props) {
  const [page, setPage] = useState(initial);
  const [counts, setCounts] = useState(initialCounts);
  const [hire, setHire] = useState<Set<number>>(new Set());
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [messageTo, setMessageTo] = useState<number[] | null>(null);
  const [declining, setDeclining] = useState<FeedPackageJobPayload | null>(null);
  const [confirmHire, setConfirmHire] = useState(false);
  const [announce, setAnnounce] = useState('');
  const pageNo = page.meta.current_page;
  // The cursor that read this page (Next follows the page's next_cursor; Previous and page 1 read by number).
  const [pageCursor, setPageCursor] = useState<string | undefined>(undefined);

  const refresh = useCallback(async () => {
    const res = await api<Paginated<FeedPackagePayload>>(`/api/campaigns/${campaignId}/packages`, {
      query: { tab, page: pageNo, sort, ...(measuredOnly ? { measured: '1' } : {}), ...(pageCursor ? { cursor: pageCursor } : {}) },
    });
    setPage((old) => {
      const fresh = res.data.filter((p) => !old.data.some((o) => o.id === p.id)).length;
      if (fresh > 0) setAnnounce(`${fresh} new proposal${fresh === 1 ? '' : 's'} arrived.`);
      return res;
    });
    setCounts((c) => ({ ...c, [tab]: res.meta.total }));
  }, [campaignId, tab, pageNo, sort, measuredOnly, pageCursor]);

  // Proposals with one of the brand's own actions in flight: their events are answered by the action itself.
  const ownActions = useRef(new Set<number>());

  const live = useLiveFeed({
    brandUserId,
    campaignId,
    // The hook reads these through the latest render.
    refresh,
    shown: (id) => page.data.find((p) => p.id === id),
    isOwnAction: (id) => ownActions.current.has(id),
    onNewProposal: () => {
      if (tab !== 'new') setCounts((c) => ({ ...c, new: c.new + 1 }));
    },
  });

  const replace = (p: FeedPackagePayload) => setPage((old) => ({ ...old, data: old.data.map((x) => (x.id === p.id ? p : x)) }));

  async function toggleStar(p: FeedPackagePayload) {
    try {
      const res = await api<{ data: FeedPackagePayload }>(`/api/brand/packages/${p.id}/starred`, { method: p.starred ? 'DELETE' : 'POST' });
      replace(res.data);
      setCounts((c) => ({
        ...c,
        starred: c.starred + (res.data.starred ? 1 : -1),
        ...(tab === 'new' || p.status === 'pending' ? { new: c.new + (res.data.starred ? -1 : 1) } : {}),
      }));
      toast.success(res.data.starred ? `${p.podcast.title} starred.` : `${p.podcast.title} unstarred.`);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not star the proposal.');
    }
  }

  async function rate(p: FeedPackagePayload, field: RateField, value: number) {
    replace({ ...p, rates: { ...p.rates, [field]: value } });
    try {
      const res = await api<{ data: FeedPackagePayload }>(`/api/brand/packages/${p.id}/rates`, { method: 'POST', body: { [field]: value } });
      replace(res.data);
      setAnnounce(`${RATE_LABELS[field]} rated ${value} of 5.`);
    } catch (e) {
      replace(p);
      toast.error(e instanceof Error ? e.message : 'Could not save the rating.');
    }
  }

  async function decline(job: FeedPackageJobPayload) {
    ownActions.current.add(job.package_id);
    try {
      const res = await api<{ data: FeedPackagePayload }>(`/api/brand/proposal-items/${job.id}/declined`, { method: 'POST' });
      replace(res.data);
      setHire((h) => {
        const n = new Set(h);
        n.delete(job.id);
        return n;
      });
      toast.success('Item declined. The podcaster was told.');
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not decline the item.');
    } finally {
      setDeclining(null);
      // Its own package.updated may still be on the way.
      setTimeout(() => ownActions.current.delete(job.package_id), 2_000);
    }
  }

  const hireJobs = useMemo(
    () =>
      page.data.flatMap((p) =>
        itemsOf(p.jobs)
          .filter((j) => hire.has(j.id))
          .map((j) => ({ ...j, podcast: p.podcast.title })),
      ),
    [page, hire],
  );
  const hireTotal = page.data.reduce((sum, p) => sum + selectionTotal(p.jobs, hire), 0);
  const hireCount = `${hire.size} item${hire.size === 1 ? '' : 's'}`;

  const go = (p: number, cursor?: string | null) => async () => {
    const res = await api<Paginated<FeedPackagePayload>>(`/api/campaigns/${campaignId}/packages`, {
      query: { tab, page: p, sort, ...(measuredOnly ? { measured: '1' } : {}), ...(cursor ? { cursor } : {}) },
    });
    setPage(res);
    setPageCursor(cursor ?? undefined);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="cp-stack">
      <nav aria-label="Proposal tabs">
        <ul className="cq-tabs">
          {FEED_TABS.map((t) => (
            <li key={t}>
              <a href={`/campaign/${campaignId}/${t}`} aria-current={t === tab ? 'page' : undefined}>
                {FEED_TAB_LABELS[t]}{' '}
                <span className="cq-count" data-testid={`count-${t}`}>
                  {counts[t]}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="cp-row cp-row--between">
        <p className="cq-live" role="status" aria-live="polite">
          {live === 'live'
            ? 'Live: new proposals appear here as they arrive.'
            : live === 'polling'
              ? 'Checking for new proposals every few seconds.'
              : 'Connecting…'}{' '}
          {announce}
        </p>
        {selected.size > 0 ? (
          <button type="button" className="cp-button" onClick={() => setMessageTo([...selected])}>
            Message selected ({selected.size})
          </button>
        ) : null}
      </div>

      <FeedSortBar campaignId={campaignId} tab={tab} sort={sort} measuredOnly={measuredOnly} />

      {page.data.length === 0 ? (
        <section className="cq-card cq-empty">
          <p>
            {tab === 'new' ? 'No new proposals yet. They appear here as soon as podcasters send them.' : `No ${FEED_TAB_LABELS[tab].toLowerCase()} proposals.`}
          </p>
        </section>
      ) : (
        <ul className="cq-list" aria-label="Proposals">
          {page.data.map((p) => (
            <ProposalCard
              key={p.id}
              p={p}
              selected={selected.has(p.id)}
              onSelect={(on) => setSelected((old) => toggled(old, p.id, on))}
              hire={hire}
              onHire={(id, on) => setHire((old) => toggled(old, id, on))}
              onStar={() => void toggleStar(p)}
              onRate={(field, v) => void rate(p, field, v)}
              onDecline={setDeclining}
              onMessage={() => setMessageTo([p.id])}
            />
          ))}
        </ul>
      )}

      {page.meta.last_page > 1 ? (
        <nav className="cq-pagination" aria-label="Pages">
          <button type="button" className="cp-button" disabled={pageNo <= 1} onClick={() => void go(pageNo - 1)()}>
            Previous
          </button>
          <span>
            Page {pageNo} of {page.meta.last_page}
          </span>
          <button type="button" className="cp-button" disabled={pageNo >= page.meta.last_page} onClick={() => void go(pageNo + 1, page.meta.next_cursor)()}>
            Next
          </button>
        </nav>
      ) : null}

      {hire.size > 0 ? (
        <div className="cq-hirebar" role="region" aria-label="Hire">
          <span>
            {hireCount} selected · {formatMoney(hireTotal)}
          </span>
          <button type="button" className="cp-button cp-button--primary" onClick={() => setConfirmHire(true)}>
            Hire {hireCount}
          </button>
        </div>
      ) : null}

      <HireDialog
        open={confirmHire}
        jobIds={[...hire]}
        items={hireJobs.map((j) => ({
          id: j.id,
          podcast: j.podcast,
          ad_title: j.ad_title ?? null,
          description: j.description ?? null,
          episodes: j.episodes,
          price: j.price,
        }))}
        total={hireTotal}
        campaignTitle={campaignTitle}
        remainingBudget={remainingBudget}
        proposals={page.data.filter((p) => p.jobs.some((j) => hire.has(j.id)))}
        onCancel={() => setConfirmHire(false)}
      />

      <ConfirmDialog
        open={declining !== null}
        title="Decline this item?"
        confirmLabel="Decline"
        danger
        onConfirm={() => (declining ? decline(declining) : undefined)}
        onCancel={() => setDeclining(null)}
      >
        <p>
          {declining ? `${declining.ad_title ?? 'Ad'}${declining.description ? `: ${declining.description}` : ''}, ${formatMoney(itemPrice(declining))}.` : ''}{' '}
          The podcaster is told; this cannot be undone.
        </p>
      </ConfirmDialog>

      <MessageDialog
        campaignId={campaignId}
        packageIds={messageTo}
        podcastTitle={page.data.find((p) => p.id === messageTo?.[0])?.podcast.title ?? 'the podcaster'}
        onClose={() => setMessageTo(null)}
        onSent={() => {
          setMessageTo(null);
          setSelected(new Set());
        }}
      />
    </div>
  );
}
