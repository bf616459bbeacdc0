/** The catalog domain's face: the only module other domains and pages import from it. */
export { listAds, listCategories } from './catalog';
