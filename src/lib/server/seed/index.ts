/** The seed domain's face: the only module other domains and pages import from it. */
export { DEMO_PASSWORD, DEMO_SIGN_INS, isDatabaseEmpty, seedCatalogue, seedDemo } from './demo';
