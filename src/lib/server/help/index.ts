/** The help domain's face: the only module other domains and pages import from it. */
export { helpArticle, helpSections, relatedArticles, searchHelp } from './help-articles';
