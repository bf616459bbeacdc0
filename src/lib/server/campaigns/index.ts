/** The campaigns domain's face: the only module other domains and pages import from it. */
export { supplyCampaignMeasures, type CampaignMeasures } from './campaign-measures';
export { campaignStats } from './campaign-stats';
export { closeBrandCampaigns } from './close-brand-campaigns';
export { closeCampaign } from './close-campaign';
export { findOwnedCampaign } from './find-campaign';
export { countsAsJob } from './job-counts';
export { CAMPAIGN_FILTERS, campaignListQuery, listCampaigns } from './list-campaigns';
export { notFoundPage } from './not-found-page';
export { setCampaignPaused } from './pause-campaign';
export { approveCampaign, listPendingCampaigns, rejectCampaign } from './review-campaign';
export { createCampaign, saveCampaign, setCampaignSite } from './save-campaign';
export { serializeCampaign } from './serialize-campaign';
export { discussionCampaigns, v0Campaign, v0Campaigns, v0Query } from './view-campaigns';
export { registerCampaignJobs } from './jobs';
export { sponsorshipsChanged } from './sponsorships-changed';
