/** The fetch infrastructure's face: the only module domains and pages import from it. */
export { FetchFailed, FetchRefused, fetchErrorMessage, guardedFetch, literalAddressRefusal } from './guarded-fetch';
