/** The hirings domain's face: the only module other domains and pages import from it. */
export { campaignRemainingBudget } from './campaign-hired';
export { cancelFundedJob } from './cancel-job';
export { createHirings } from './create-hirings';
export { publishHiringChanged } from './events';
export { transitionHiring } from './hiring-status';
export type { HiringRow } from './hiring-status';
export { listHirings, serializeHirings } from './list-hirings';
