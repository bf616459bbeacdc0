/** The db infrastructure's face: the only module domains and pages import from it. */
export { affectedRows, closeDb, dbHandle, getDb, onDbClose, onTableWrite, pgliteOptions, unannounced } from './client';
export type { Db, Tx } from './client';
export { databaseInputError } from './input-errors';
export { rowFromJson } from './json-rows';
export { contains, containsPattern } from './search';
export { migrate } from './migrate';
export { qualified } from './qualified';
export { dropTables, tablesRead, withPageReads } from './read-cache';
export { CursorError, decodeCursor, encodeCursor, keyset } from './keyset';
export type { KeyPart, KeyType, KeyValue } from './keyset';
export { COUNT_CAP, countUpTo, windowTotal } from './window-total';
// The tables and enums: the schema is the database's public contract.
export * from './schema';
