/**
 * What other domains call of payments (CONTRACTS.md). Everything else in this folder is payments'
 * own: the provider interface and its two engines, cards, coupons, funding, payouts, webhooks.
 */
export { releaseJobFunds } from './release-job-funds';
export { refundJobFunds } from './refund-job-funds';
export { campaignSpent, campaignSpentSql, campaignsSpent } from './campaign-spent';
export { adLineMoney, adSpendByMonth, billAdImpressions, fundAdLine, releaseAdShare, releasedAdShares, shareReleaseDate, ADJUSTMENT_DAYS } from './ad-billing';
export { reconcilePayments, RECONCILE_DAYS, type ReconcileResult } from './reconcile';
export { listDiscrepancies, paymentDiscrepanciesOverview, resolveDiscrepancy, type DiscrepancyView, type ReconciliationView } from './discrepancies';
