/** What other domains call in measurement (see CONTRACTS: hosting's media route and dashboard). */
export { downloadsSummary, type DownloadsSummary } from './downloads-report';
export { recordMediaRequest } from './request-log';
export { audioKey } from '../../../rules/audio-url';
export { campaignCharts } from './campaign-charts';
export { airedAdsSql, campaignFiguresSql, campaignsFigures, figuresOf } from './campaign-figures';
export type { MeasuredFigures } from './campaign-figures';
export { checkAnalytics, podcastAnalytics } from './connections';
export { rebuildDownloads } from './count-downloads';
export { pageDownloads, parseDateRange } from './downloads-report';
export { recordFeedEnclosures } from './feed-enclosures';
export { countryOf } from './geo';
export { runMeasurement, startMeasurement } from './jobs';
export { refreshListenerStats } from './listener-stats';
export { prefixRedirect } from './prefix-redirect';
export { flushRequestLog, logRequest } from './request-log';
export { householdKeys, requestHashes, utcDay } from './salts';
export { showsAnalytics } from './shows-analytics';
export { agentOf } from './user-agent';
