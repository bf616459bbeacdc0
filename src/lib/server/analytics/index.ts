/** What other domains call in measurement (see CONTRACTS: hosting's media route and dashboard). */
export { downloadsSummary, type DownloadsSummary } from './downloads-report';
export { recordMediaRequest } from './request-log';
