/** The admin domain's face: the only module other domains and pages import from it. */
export { startImitation } from './imitate';
export { listUsers } from './list-users';
export { handleReviewForm } from './review-form';
