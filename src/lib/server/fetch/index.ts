/** The fetch domain's face: the only module other domains and pages import from it. */
export { FetchFailed, FetchRefused, fetchErrorMessage, guardedFetch, literalAddressRefusal } from './guarded-fetch';
