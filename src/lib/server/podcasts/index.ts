/** The podcasts domain's face: the only module other domains and pages import from it. */
export { addPodcast, addPodcastSchema } from './add-podcast';
export { completeOnboarding, completeOnboardingSchema } from './complete-onboarding';
export { parseDuration, parseExplicit } from './feed-values';
export { MANUAL_STATS_REFERENCE } from './file-view-rules';
export { listUserPodcasts, serializeHosted, serializePodcast } from './list-podcasts';
export type { HostedRow, PodcastRow } from './list-podcasts';
export { findOwnedPodcast } from './owned-podcast';
export { findPublicPodcast, listEpisodes, listPodcastDetails, podcastDetail, podcastDetailsOf } from './podcast-detail';
export { podcastDirectory } from './podcast-directory';
export { readFeed, summarizeFeed } from './read-feed';
export { ATOM_NS, CONTENT_NS, DC_NS, ITUNES_NS, NotAnRssFeed, all, attrOf, parseRssChannel, readNewFeedUrl, textOf } from './rss-channel';
export type { RssChannel } from './rss-channel';
export {
  createInvitedPodcast,
  deleteEpisode,
  type EpisodeChanges,
  type EpisodeRecord,
  insertEpisode,
  markPodcastOnboarded,
  setMeasured,
  setPodcastCategory,
  setPodcastFromFeed,
  setPodcastRating,
  setVerifiedListens,
  updateEpisode,
  upsertImportedEpisode,
} from './records';
export { savePodcastAvatar } from './save-podcast-avatar';
export { searchPodcastById, searchPodcasts } from './search-podcasts';
export { requireUpload, storeUploadedBytes } from './store-image-bytes';
export { syncFeedEpisodes, type EnclosureRecorder } from './sync-feed-episodes';
export { pollFeed } from './poll-feed';
export { deletePodcast, saveSchedule, scheduleSchema, setPremium, updatePodcast, updatePodcastSchema } from './update-podcast';
export {
  ALREADY_VERIFIED_MESSAGE,
  BAD_LINK_MESSAGE,
  SENT_MESSAGE,
  clearPodcastVerification,
  confirmPodcastVerification,
  feedUnreachable,
  markPodcastVerified,
  podcastVerificationState,
  requestPodcastVerification,
} from './verification';
export { listAds, listCategories } from './catalog';
export { isBlankHtml, readKitNote, requireTestEnv, sanitizeHtml, saveKitNote } from './content';
export {
  bookSlot,
  calendarOf,
  calendarRange,
  markAvailable,
  markUnavailable,
  podcastCalendar,
  podcastToday,
  serializeSlot,
  slotInputSchema,
  slotRecordsFrom,
  slotRecordsQuery,
  upcomingOf,
  upcomingSlots,
} from './slots';
export type { SlotRecordRow } from './slots';
export { resolvePodcast } from './current-podcast';
