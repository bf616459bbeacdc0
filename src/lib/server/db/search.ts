/**
 * Substring search that reads the trigram indexes (migration 0019) instead of the table: `ilike` with the
 * term's wildcards escaped, one column of one table per condition (an `or` across the tables of a join
 * cannot use either table's index, so callers match ids per table and join on them).
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** `%term%` with the term's own %, _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

/** `column ilike '%term%'` (the term literal). */
export function contains(column: SQLWrapper, term: string): SQL {
  return sql`${column} ilike ${containsPattern(term)}`;
}
