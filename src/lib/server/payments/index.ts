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
export { AD_LINE_MONEY, campaignAdSpendSql } from './ad-billing';
export { brandCampaignSpend } from './campaign-spent';
export { addCard, deleteCard, listCards, setDefaultCard } from './cards';
export { adminCoupon, checkCoupon, createCoupon, listCoupons } from './coupons';
export { earningsAndFee, earningsFigures } from './earnings';
export { fundHirings } from './fund-hirings';
export { idempotent } from './idempotency';
export { findOwnTransaction, listTransactions, transactionsQuery } from './list-transactions';
export { chargeCodeOfHirings, receiptLines } from './receipts';
export { payoutMethodLabel, requestPayout } from './request-payout';
export { handleStripeWebhook } from './stripe-webhook';
export { assertTestProvider, authorizeRequest, decideAuthorize, paypalAccountOfToken, redeemCode } from './test-provider-connect';
export { registerPaymentJobs } from './jobs';
export { hiredFor, podcasterEarnings, podcasterHires, podcasterHiresOf, podcasterHiresSql } from './podcaster-earnings';
export type { PodcasterHire } from './podcaster-earnings';
