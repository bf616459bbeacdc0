/** The mail domain's face: the only module other domains and pages import from it. */
export { renderMail } from './layout';
export { queueMail } from './send-mail';
