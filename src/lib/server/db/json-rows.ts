/** Table rows read back from the JSON a query built with to_json(), so one statement can carry related rows. */
import { getTableColumns, type Table } from 'drizzle-orm';

/** A table row from its to_json() form: keys by column, timestamps as dates (as Drizzle would answer it). */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name] ?? null;
    row[key] = value !== null && column.dataType === 'date' ? new Date(value as string) : value;
  }
  return row as T['$inferSelect'];
}
