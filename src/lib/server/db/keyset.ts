/**
 * Keyset pagination: a list ordered by its sort key with the id as the last tiebreaker reads the page
 * after a cursor with `(key…, id) < (cursor…)`, which an index on the same columns answers at any depth
 * (OFFSET reads and throws away every row before the page). The cursor is opaque to clients: base64url
 * of the last row's key as JSON, taken from the database at full precision (timestamps keep their
 * microseconds), and validated on the way back in — a cursor that does not decode to the key's shape is
 * a CursorError, which the HTTP boundary answers as a 422 on the field `cursor`.
 */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

export class CursorError extends Error {
  readonly field = 'cursor';
  constructor(message = 'The cursor is invalid.') {
    super(message);
    this.name = 'CursorError';
  }
}

export type KeyType = 'int' | 'text' | 'uuid' | 'timestamp';
export type KeyValue = string | number;
export interface KeyPart {
  column: AnyColumn | SQL;
  type: KeyType;
}

const MAX_CURSOR_LENGTH = 2_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/;

/** The cursor of a row whose sort key is `values`. */
export function encodeCursor(values: readonly KeyValue[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

function validValue(value: unknown, type: KeyType): value is KeyValue {
  if (type === 'int') return typeof value === 'number' && Number.isSafeInteger(value);
  if (type === 'text') return typeof value === 'string' && value.length <= 500;
  if (type === 'uuid') return typeof value === 'string' && UUID.test(value);
  return typeof value === 'string' && TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value));
}

/** The sort key a cursor carries, checked against the list's key types; anything else is a CursorError. */
export function decodeCursor(cursor: string, types: readonly KeyType[]): KeyValue[] {
  if (!cursor || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw new CursorError();
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new CursorError();
  }
  if (!Array.isArray(values) || values.length !== types.length || !values.every((v, i) => validValue(v, types[i]!))) throw new CursorError();
  return values as KeyValue[];
}

const CASTS: Record<KeyType, SQL> = { int: sql.raw('bigint'), text: sql.raw('text'), uuid: sql.raw('uuid'), timestamp: sql.raw('timestamptz') };

/** One list's keyset: its ORDER BY, the key to select with each row, the condition after a cursor, and the next cursor. */
export function keyset(parts: readonly KeyPart[], direction: 'asc' | 'desc' = 'desc') {
  const types = parts.map((p) => p.type);
  const columns = sql.join(
    parts.map((p) => sql`${p.column}`),
    sql`, `,
  );
  return {
    // NULLS LAST both ways, as drizzle-kit writes the indexes (`.desc()` is DESC NULLS LAST), so an index on the key reads the order.
    orderBy: parts.map((p) => (direction === 'desc' ? sql`${p.column} desc nulls last` : sql`${p.column} asc nulls last`)),
    /** Select this as `cursor_key`: the row's sort key as JSON text, at the database's precision. */
    key: sql<string>`json_build_array(${columns})::text`,
    /** The rows after `cursor` in this order (undefined without a cursor); a bad cursor throws CursorError. */
    after(cursor: string | undefined): SQL | undefined {
      if (cursor === undefined) return undefined;
      const values = decodeCursor(cursor, types);
      const bound = sql.join(
        values.map((v, i) => sql`cast(${v} as ${CASTS[types[i]!]})`),
        sql`, `,
      );
      return direction === 'desc' ? sql`(${columns}) < (${bound})` : sql`(${columns}) > (${bound})`;
    },
    /** The cursor when it reads as this list's, else undefined (a page addressed by number falls back to offset). */
    readable(cursor: string | undefined): string | undefined {
      if (cursor === undefined) return undefined;
      try {
        decodeCursor(cursor, types);
        return cursor;
      } catch (error) {
        if (error instanceof CursorError) return undefined;
        throw error;
      }
    },
    /** With `limit + 1` rows read: the page's rows and the cursor of the page after (null on the last page). */
    page<R extends { cursor_key: string }>(rows: R[], limit: number): { rows: R[]; next_cursor: string | null } {
      if (rows.length <= limit) return { rows, next_cursor: null };
      const last = rows[limit - 1]!;
      return { rows: rows.slice(0, limit), next_cursor: encodeCursor(JSON.parse(last.cursor_key) as KeyValue[]) };
    },
  };
}
