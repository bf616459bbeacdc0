/** The cache domain's face: the only module other domains and pages import from it. */
export { listenForInvalidations, onInvalidation, publishInvalidation } from './notify';
export { sharePageReads, withPageReads } from './page-reads';
export { statementCache, writeInvalidatedCache } from './write-invalidated';
