/** The marketplace domain's face: the only module other domains and pages import from it. */
export { campaignRemainingBudget, cancelFundedJob, createHirings, listHirings, publishHiringChanged, serializeHirings, transitionHiring } from './hirings';
export type { HiringRow } from './hirings';
export {
  createProposal,
  listPackageJobs,
  proposalConfirmation,
  proposalCreateForm,
  proposalEditForm,
  proposalInputSchema,
  publishJobsUpdated,
  publishPackageChanged,
  updateProposal,
} from './proposals';
export type { PackageJobPayload, PackagePayload, PackageRow, ProposalFormPayload } from './proposals';
export {
  SPONSORSHIP_TABS,
  cancelSponsorship,
  countSponsorships,
  declineSponsorship,
  findSponsorship,
  pageOf,
  sponsorshipIndex,
  sponsorshipPage,
  sponsorshipsOf,
  sponsorshipQuerySchema,
  toggleFeatured,
} from './sponsorships';
export type { SponsorshipPayload, SponsorshipTab } from './sponsorships';
export { declineProposalItem, ratePackage, setPackageStarred } from './proposals/package-actions';
export { recentPackages, recentPackagesFrom, recentPackagesQuery } from './proposals';
export type { ReadPackage } from './proposals';
export {
  countFeedTabs,
  feedQuery,
  findBrandPackage,
  getCampaignPackage,
  listBrandPackages,
  listCampaignPackages,
  serializePackagesForBrand,
  supplyFeedAudience,
} from './proposals/brand-feed';
export type { FeedAudienceSource } from './proposals/brand-feed';
