/** The cache infrastructure's face: the only module domains and pages import from it. */
export { listenForInvalidations, onInvalidation, publishInvalidation } from './notify';
export { sharePageReads, withPageReads } from './page-reads';
export { statementCache, writeInvalidatedCache } from './write-invalidated';
