/** The hosting domain's face: the only module other domains and pages import from it. */
export { AGREEMENT_LAST_UPDATED, AGREEMENT_SECTIONS, acceptAgreement } from './agreement';
export { checkRedirecting } from './check-redirecting';
export { PAYOUT_ERROR_COOKIE, PAYOUT_SUCCESS_COOKIE, authorizeUrl, completeConnect, payoutProviderFor } from './connect-payouts';
export { demoFeedUrl, episodeFile, generateDemoMedia, markDemoSeeded, serveDemoHost, setDemoHostState } from './demo-host/demo-host';
export { NIGHT_SHIFT, SALTMARSH, SALTMARSH_NEW } from './demo-host/shows';
export { summariseFeed } from './feed-summary';
export {
  addEpisodeFromFile,
  changeEpisodeStatus,
  createHostedEpisode,
  deleteHostedEpisode,
  findOwnedEpisode,
  serializeEpisode,
  updateHostedEpisode,
} from './hosted-episodes';
export type { EpisodeRow } from './hosted-episodes';
export { hostedFeedUrl } from './hosted-feed-url';
export { applyForHosting, latestApplications, listApplications, reviewApplication } from './hosting-applications';
export { currentPodcastId, hostingContext } from './hosting-context';
export type { HostingContext } from './hosting-context';
export { hostingDashboard } from './hosting-dashboard';
export { hostingServicePodcast, hostingServiceSettings, patchHostingServicePodcast, podcastIdHeader } from './hosting-service';
export { type ItemChaptersLink, type ItemChaptersSupplier, supplyItemChapters } from './item-chapters';
export { listHostedEpisodes } from './list-hosted-episodes';
export { saveMedia } from './media-storage';
export { completeHostedOnboarding, migrationProgress } from './migration-state';
export { findOwnedHosted, findOwnedHostedByPodcast } from './owned-hosted';
export { podcastGuid } from './podcast-guid';
export { readFeedSettings } from './read-feed-settings';
export { INVALID_INVITE, inviteSchema, inviteToHosting, registerHosted, validateInvite } from './register-hosted';
export { serveHostedFeed } from './serve-feed';
export { serveMedia } from './serve-media';
export { startMigration } from './start-migration';
export { feedSettingsSchema, hostedPatchSchema, updateFeedSettings, updateHosted } from './update-hosted';
export { checkTxtVerification, pollVerification, requestTxtVerification } from './verify-by-txt';
export { registerHostingJobs } from './jobs';
