/** The manual-stats domain's face: the only module other domains and pages import from it. */
export { currentManualStats, firstManualStatsQuery, listManualStats, manualStatsPagesOf } from './list-manual-stats';
export type { ManualStatsPayload } from './manual-stats';
export { listPendingManualStats, rejectManualStats, verifyManualStats } from './review-manual-stats';
export { deleteManualStats, readManualStatsInput, submitManualStats } from './submit-manual-stats';
