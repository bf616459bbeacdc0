/** The ads domain's face: the only module other domains and pages import from it. */
export { AD_DEVICES, adCategories, createAdLine, createBackCatalogueLine, listAdLines, setAdLineStatus } from './ad-lines';
export { adChapters, episodeMarkers, registerAdFeedChapters, saveMarkers, suggestOwnMarkers } from './ad-markers';
export { campaignAdsPanel } from './campaign-ads-panel';
export { runFfmpeg } from './ffmpeg';
export { campaignAdStats, showAdReport } from './impressions';
export { serveAdVariant } from './insert-ads';
export { saveExclusions, setSharePercent, showAdSettings } from './show-settings';
export { registerAdJobs } from './jobs';
