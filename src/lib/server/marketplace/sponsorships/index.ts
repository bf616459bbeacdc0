/** The sponsorships domain's face: the only module other domains and pages import from it. */
export { cancelSponsorship, declineSponsorship, ensureOpportunity, livePackageId, toggleFeatured } from './act-on-sponsorship';
export {
  SPONSORSHIP_TABS,
  countSponsorships,
  findSponsorship,
  openCampaignWhere,
  pageOf,
  sponsorshipIndex,
  sponsorshipPage,
  sponsorshipsOf,
} from './list-sponsorships';
export type { SponsorshipIndexRow } from './list-sponsorships';
export type { SponsorshipPayload, SponsorshipTab } from './list-sponsorships';
export { sponsorshipQuerySchema } from './sponsorship-query';
