/** The content domain's face: the only module other domains and pages import from it. */
export { readKitNote, requireTestEnv, saveKitNote } from './kit-notes';
export { isBlankHtml, sanitizeHtml } from './sanitize-html';
