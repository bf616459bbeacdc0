/**
 * The campaign figures' shape and the figures derived from the measured parts (the listens total and THE
 * campaign CPM), pure arithmetic shared by the domains: measurement computes the parts in SQL
 * (server/measurement/analytics/campaign-figures.ts, where each figure is defined), campaigns and every
 * screen read them through figuresOf().
 */
export interface CampaignFigures {
  /** listens_measured + listens_self_reported. */
  listens: number;
  listens_measured: number;
  listens_self_reported: number;
  spent: number;
  /** Paid for hired ads not aired yet (part of spent, not of the CPM). */
  committed: number;
  /** Money of aired ads that the CPM divides (hired ads with measured listens + automated spend). */
  aired_spent: number;
  /** The listens the CPM divides by: measured listens of those hired ads + billed automated impressions. */
  aired_listens: number;
  cpm: number;
  visitors: number;
  hits: number;
}

/** What campaignFiguresSql() evaluates to: the figures before the CPM is derived. */
export type MeasuredFigures = Omit<CampaignFigures, 'cpm' | 'listens'>;

/** Cost per thousand listens, in cents (0 until there are listens). */
export const cpmOf = (spent: number, listens: number) => (listens > 0 ? Math.round((spent / listens) * 1000) : 0);

/** The figures with the CPM and the listens total derived (numbers, whatever JSON made of the bigints). */
export function figuresOf(measured: Partial<MeasuredFigures> | null | undefined): CampaignFigures {
  const n = (v: unknown) => Number(v ?? 0);
  const measuredListens = n(measured?.listens_measured);
  const selfReported = n(measured?.listens_self_reported);
  const airedSpent = n(measured?.aired_spent);
  const airedListens = n(measured?.aired_listens);
  return {
    listens: measuredListens + selfReported,
    listens_measured: measuredListens,
    listens_self_reported: selfReported,
    spent: n(measured?.spent),
    committed: n(measured?.committed),
    aired_spent: airedSpent,
    aired_listens: airedListens,
    cpm: campaignCpm(airedSpent, airedListens),
    visitors: n(measured?.visitors),
    hits: n(measured?.hits),
  };
}

/** THE campaign CPM: money of aired ads ÷ their measured listens × 1,000, in cents (0 without listens). */
export function campaignCpm(airedSpent: number, airedListens: number): number {
  return cpmOf(airedSpent, airedListens);
}
