/**
 * Errors PostgreSQL (and PGlite) raise for input it cannot hold: the last line of defence behind the
 * validation at the boundary, so a value that slipped past it is a 422 (or, on a page, the 404 page),
 * never a 500. Two sign-ups racing for one email end here too: the unique index answers for the loser.
 */

import { CursorError } from './keyset';

export interface InputProblem {
  status: 404 | 422;
  message: string;
  field: string;
}

interface PgError {
  code?: unknown;
  constraint?: unknown;
  column?: unknown;
  table?: unknown;
  cause?: unknown;
}

/** The PostgreSQL error inside a driver or Drizzle error, if any. */
function pgError(error: unknown): PgError | null {
  for (let e = error, i = 0; e && typeof e === 'object' && i < 4; e = (e as PgError).cause, i++) {
    if (typeof (e as PgError).code === 'string' && /^[0-9A-Z]{5}$/.test((e as PgError).code as string)) return e as PgError;
  }
  return null;
}

// A unique index named {table}_{column}_unique (or _key, _idx) names the field it guards.
function fieldOfConstraint(pg: PgError): string {
  const { constraint, table } = pg;
  if (typeof constraint !== 'string') return 'body';
  const rest = typeof table === 'string' && constraint.startsWith(`${table}_`) ? constraint.slice(table.length + 1) : constraint;
  const m = /^([a-z_]+?)_(unique|key|idx|uniq)$/.exec(rest);
  return m?.[1] ?? 'body';
}

const label = (field: string) => field.replace(/_/g, ' ');

/** What a database error says about the request's input, or null when it is not about input. */
export function databaseInputError(error: unknown): InputProblem | null {
  if (error instanceof CursorError) return { status: 422, message: error.message, field: error.field };
  const pg = pgError(error);
  if (!pg) return null;
  const column = typeof pg.column === 'string' ? pg.column : 'body';
  switch (pg.code) {
    case '23505': {
      const field = fieldOfConstraint(pg);
      return { status: 422, field, message: `The ${label(field)} has already been taken.` };
    }
    case '23503':
      return { status: 422, field: column, message: 'The request refers to a record that does not exist.' };
    case '23502':
      return { status: 422, field: column, message: `The ${label(column)} field is required.` };
    case '22001':
      return { status: 422, field: column, message: `The ${label(column)} field is too long.` };
    case '22021':
    case '22P05':
      return { status: 422, field: column, message: 'The request contains characters that are not allowed.' };
    case '22003':
      return { status: 404, field: 'id', message: 'Not Found.' };
    case '22P02':
      return { status: 422, field: column, message: 'A value in the request has the wrong type.' };
    case '22007':
    case '22008':
      return { status: 422, field: column, message: 'A date in the request is not a real date.' };
    case '54001':
      return { status: 422, field: 'body', message: 'The request is too complex.' };
    default:
      return null;
  }
}
