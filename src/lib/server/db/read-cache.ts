/**
 * Page reads. While a page renders (`withPageReads`, around GET and HEAD page renders in the
 * middleware), the SELECT statements it sends outside a transaction are answered from a short-lived
 * in-process cache keyed by their text and parameters, so a second view of a page within a few seconds
 * sends none of them to the database, whichever domain and however many statements it reads.
 *
 * What keeps it right:
 * - An entry is dropped the moment a table it reads is written: db/client.ts calls `dropTables` for
 *   every insert, update or delete this process sends (again once it has answered, and a
 *   transaction's writes at its commit), and cache/page-reads.ts does the same for other instances' writes.
 *   The tables a statement reads are the ones its own SQL names (`tablesRead`), subqueries included.
 * - An entry lives at most `PAGE_READ_TTL_MS`, for writes no one announced (SQL typed into psql).
 * - Only plain reads of the product's own tables: statements that call volatile functions (now(),
 *   random(), pg_notify, sequences), lock rows or name a table with its schema (the job queue's) go to
 *   the database every time, as does everything inside a transaction (those run on their own
 *   connection, not through the wrapped `query`), everything with a callback, and every write. A write
 *   sent through the wrapped `query` by something other than Drizzle drops entries too.
 * - Each caller gets its own copy of the rows: one caller changing what it got cannot change another's.
 *
 * The idea is Rails' query cache (a request's repeated SELECTs answered from memory, cleared by any
 * write), stretched over a few seconds and across requests, dropped table by table.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** How long an entry is answered when no write drops it first. */
export const PAGE_READ_TTL_MS = 5_000;
/** The most entries kept; past it the oldest goes. */
const MAX_ENTRIES = 5_000;
/** Results with more rows are answered but not kept (a page shows far fewer). */
const MAX_ROWS = 1_000;

const READ = /\b(?:from|join)\s+(?:"([^"]+)"|([a-z_][a-z0-9_]*))/gi;

/**
 * The tables a statement reads: every `from t` and `join t`, quoted as Drizzle writes them or bare
 * as hand-written SQL fragments do, subqueries included. A name that is no table (a set-returning
 * function after `from`) is watched for nothing.
 */
export function tablesRead(statement: string): Set<string> {
  return new Set([...statement.matchAll(READ)].map((m) => m[1] ?? m[2]!.toLowerCase()));
}

const SELECT = /^\s*(?:select|with)\b/i;
/** A table named with its schema (pg-boss's `pgboss.job`): not the product's, so not announced when written. */
const QUALIFIED = /\b(?:from|join)\s+(?:"[^"]+"|[a-z_][a-z0-9_]*)\s*\./i;
const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+(?:"([^"]+)"|([a-z_][a-z0-9_]*))/i;
/** A statement whose CTE writes (`with "t" as (update "users" set …) select …`). */
const CTE_WRITE = /^\s*with\b[\s\S]*?\bas\s*\(\s*(?:insert\s+into|update|delete\s+from)\s+(?:"([^"]+)"|([a-z_][a-z0-9_]*))/i;

/**
 * The table an insert, update or delete writes (quoted as Drizzle writes it or bare), also as a
 * `with` statement's CTE, or null for any other statement.
 */
export function tableWritten(statement: string): string | null {
  const m = WRITE.exec(statement) ?? (statement.trimStart().slice(0, 4).toLowerCase() === 'with' ? CTE_WRITE.exec(statement) : null);
  return m ? (m[1] ?? m[2]!.toLowerCase()) : null;
}
/** Reads whose answer changes without any write, or that do more than read. */
const VOLATILE =
  /\b(?:now|random|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|gen_random_uuid|nextval|setval|currval|pg_notify|pg_advisory\w*|pg_try_advisory\w*|pg_sleep|txid_current|set_config)\s*\(|\b(?:current_date|current_time|current_timestamp|localtime|localtimestamp)\b|\bfor\s+(?:update|share|no\s+key\s+update|key\s+share)\b/i;

interface Entry {
  at: number;
  value: Promise<QueryResult>;
  tables: string[];
}
interface QueryResult {
  rows?: unknown[];
}
interface State {
  entries: Map<string, Entry>;
  /** table -> keys of the entries that read it */
  byTable: Map<string, Set<string>>;
  scope: AsyncLocalStorage<boolean>;
}

// Shared by every copy of this module (the server bundle has more than one entry).
const KEY = Symbol.for('cuepoint.db.page-reads');
const state = (): State => {
  const holder = globalThis as { [KEY]?: State };
  holder[KEY] ??= { entries: new Map(), byTable: new Map(), scope: new AsyncLocalStorage() };
  return holder[KEY];
};
/** The benchmark's statement counter (bench/lib/probe.mjs) hears of each statement the cache answered (its text). */
const ANSWERED_HOOK = Symbol.for('cuepoint.db.statement.cached');

/** Runs `render` with its reads answered from the page-read cache. */
export function withPageReads<T>(render: () => T): T {
  return state().scope.run(true, render);
}

/** Drops every entry that reads any of `tables` (null: every entry). */
export function dropTables(tables: Iterable<string> | null): void {
  const s = state();
  if (tables === null) {
    s.entries.clear();
    s.byTable.clear();
    return;
  }
  for (const table of tables) {
    const keys = s.byTable.get(table);
    if (!keys) continue;
    s.byTable.delete(table);
    for (const key of keys) remove(s, key);
  }
}

function remove(s: State, key: string): void {
  const entry = s.entries.get(key);
  if (!entry) return;
  s.entries.delete(key);
  for (const table of entry.tables) s.byTable.get(table)?.delete(key);
}

function copy(result: QueryResult): QueryResult {
  return Array.isArray(result.rows) ? { ...result, rows: structuredClone(result.rows) } : { ...result };
}

/** A driver call's SQL: node-postgres takes it as a string or in a config, PGlite as a string. */
function textOf(args: unknown[]): string | null {
  const first = args[0] as string | { text?: unknown } | undefined;
  return typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : null;
}

/** The cache key of a driver call reading `text`, or null when the call must reach the database. */
function keyOf(args: unknown[], text: string): string | null {
  if (!SELECT.test(text) || VOLATILE.test(text) || QUALIFIED.test(text) || tableWritten(text)) return null;
  const first = args[0] as string | { rowMode?: unknown };
  // The row shape is part of the answer: node-postgres takes it in the config, PGlite in the options.
  const rowMode = typeof first === 'object' ? first.rowMode : (args[2] as { rowMode?: unknown } | undefined)?.rowMode;
  try {
    return `${String(rowMode ?? '')}\n${text}\n${JSON.stringify(args[1] ?? [])}`;
  } catch {
    return null; // a parameter JSON cannot write (a bigint): not cached
  }
}

/**
 * Wraps a driver's promise-returning `query` (a node-postgres Pool's, a PGlite instance's) so that calls
 * made inside `withPageReads` are answered from the cache where they may be.
 */
export function cachingQuery<F>(query: F): F {
  const call = query as unknown as (...args: unknown[]) => unknown;
  return function (this: unknown, ...args: unknown[]) {
    const s = state();
    const run = () => call.apply(this, args);
    const text = textOf(args);
    if (text === null) return run();
    // A write sent through the driver by something other than Drizzle (whose writes db/client.ts announces).
    const written = tableWritten(text);
    if (written) dropTables([written]);
    if (s.scope.getStore() !== true || typeof args.at(-1) === 'function') return run();
    const key = keyOf(args, text);
    if (key === null) return run();
    const hit = s.entries.get(key);
    if (hit && Date.now() - hit.at < PAGE_READ_TTL_MS) {
      (globalThis as { [ANSWERED_HOOK]?: (text: string) => void })[ANSWERED_HOOK]?.(text);
      return hit.value.then(copy);
    }
    if (hit) remove(s, key);
    const tables = [...tablesRead(text)];
    if (tables.length === 0) return run();
    const value = Promise.resolve(run() as Promise<QueryResult>);
    const entry: Entry = { at: Date.now(), value, tables };
    s.entries.set(key, entry);
    for (const table of tables) {
      let keys = s.byTable.get(table);
      if (!keys) s.byTable.set(table, (keys = new Set()));
      keys.add(key);
    }
    if (s.entries.size > MAX_ENTRIES) remove(s, s.entries.keys().next().value as string);
    value.then(
      (result) => {
        if ((result?.rows?.length ?? 0) > MAX_ROWS && s.entries.get(key) === entry) remove(s, key);
      },
      () => {
        if (s.entries.get(key) === entry) remove(s, key);
      },
    );
    return value.then(copy);
  } as unknown as F;
}
