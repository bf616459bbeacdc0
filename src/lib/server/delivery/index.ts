/** The delivery domain's face: the only module other domains and pages import from it. */
export { bookAirDate, bookableDays } from './air-dates';
export { deliveryDateSchema, setDeliveryDate } from './delivery-date';
export { encodeMp3 } from './decode-audio';
export { serializeDispute } from './dispute-payload';
export { disputeLink, listDisputes, resolveDispute, respondToDispute } from './disputes';
export { evidenceJsonSql, evidenceOf } from './evidence';
export type { EvidencePayload } from './evidence';
export { formatOffset } from './fingerprint';
export { registerJobSteps, transitionJob, updateJobFields } from './job-status';
export { confirmAired, linkEpisode, linkableEpisodes, serializeAirCheck } from './link-episode';
export { playFrom, runAirCheck } from './listen';
export { GUEST_VOICE, HOST_VOICE, SYNTH_RATE, concat, mix, speech, wav } from './synthetic-speech';
export { workroomDeliveryJobs, workroomJobs } from './workroom-jobs';
export { registerDeliveryJobs } from './jobs';
export { createPackageJobs, registerProposalJobsStep, replacePackageJobs, type NewPackageJob } from './package-job-rows';
