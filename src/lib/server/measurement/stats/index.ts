/** The stats domain's face: the only module other domains and pages import from it. */
export { brandStats, brandStatsPayload, brandStatsSql } from './brand-stats';
export type { BrandStatsRow } from './brand-stats';
