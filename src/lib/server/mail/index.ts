/** The mail infrastructure's face: the only module domains and pages import from it. */
export { renderMail } from './layout';
export { queueMail } from './send-mail';
