/** The sponsorships domain's face: the only module other domains and pages import from it. */
export { cancelSponsorship, declineSponsorship, ensureOpportunity, livePackageId, toggleFeatured } from './act-on-sponsorship';
export { SPONSORSHIP_TABS, allSponsorships, countSponsorships, findSponsorship, openCampaignWhere, pageOf } from './list-sponsorships';
export type { SponsorshipPayload, SponsorshipTab } from './list-sponsorships';
export { sponsorshipQuerySchema } from './sponsorship-query';
