/** The proposals domain's face: the only module other domains and pages import from it. */
export { publishJobsUpdated, publishPackageChanged } from './events';
export { listPackageJobs } from './package-jobs';
export { proposalConfirmation, proposalCreateForm, proposalEditForm } from './proposal-form';
export type { ProposalFormPayload } from './proposal-form';
export { createProposal, proposalInputSchema, updateProposal } from './save-proposal';
export { jobsFromJson, packageJobsSql, packagePodcast, recentPackages, recentPackagesFrom, recentPackagesQuery, serializePackage } from './serialize-package';
export type { JobsJson, PackageJobPayload, PackagePayload, PackageRow, ReadPackage } from './serialize-package';
export { withdrawProposal } from './withdraw-proposal';
