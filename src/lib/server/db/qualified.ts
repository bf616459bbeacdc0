/** A column as `"table"."column"` in raw SQL, even where Drizzle would leave the table out. */
import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * Drizzle writes bare column names in a select from one table, which makes a correlated subquery's
 * columns ambiguous; SQL fragments meant to be embedded in such a select name their columns with this.
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
