/** The database: PGlite persisted under DATA_DIR by default, PostgreSQL when DATABASE_URL is set. */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';
import { cachingQuery, dropTables, tableWritten } from './read-cache';
import { config } from '../config';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface DbHandle {
  db: Db;
  dialect: 'pglite' | 'postgres';
  /** The PGlite instance (one connection per process), for the queue engine to share. */
  pglite: import('@electric-sql/pglite').PGlite | null;
  close(): Promise<void>;
}

/**
 * Sees every statement Drizzle sends. It calls the function a benchmark installs under this symbol with the
 * statement and its parameters (bench/lib/probe.mjs counts statements per request that way, and
 * tests/api/query-plans.test.ts explains them; nothing is installed in production),
 * and tells onTableWrite() listeners which table an insert, update or delete writes.
 */
const STATEMENT_HOOK = Symbol.for('cuepoint.db.statement');
// On globalThis like the handle below: the copy of this module that opened the database may not be the one a listener imported.
const LISTENERS = Symbol.for('cuepoint.db.write-listeners');
const listenerHolder = globalThis as { [LISTENERS]?: ((table: string) => void)[] };
listenerHolder[LISTENERS] ??= [];
const writeListeners = listenerHolder[LISTENERS];
// The page-read cache (db/read-cache.ts) drops what a write changes, whoever else listens (once per process).
const PAGE_READS = Symbol.for('cuepoint.db.page-reads.listening');
const pageReadsHolder = globalThis as { [PAGE_READS]?: true };
if (!pageReadsHolder[PAGE_READS]) {
  pageReadsHolder[PAGE_READS] = true;
  writeListeners.push((table) => dropTables([table]));
}
const COMMIT = /^\s*commit\b/i;
const announce = (tables: Iterable<string>) => {
  for (const t of tables) for (const listener of writeListeners) listener(t);
};
// Tables written inside a transaction on PostgreSQL are announced again at its commit: a cache filled
// by another connection between the write and the commit would otherwise keep the old rows. (PGlite's
// transactions hold its one connection, so nothing reads in between there.)
const writtenSinceCommit = new Set<string>();
// Writes made inside unannounced(): shared by every copy of this module, like the listeners.
const QUIET = Symbol.for('cuepoint.db.unannounced');
const quietHolder = globalThis as { [QUIET]?: AsyncLocalStorage<true> };
quietHolder[QUIET] ??= new AsyncLocalStorage<true>();
const quiet = quietHolder[QUIET];

/**
 * Runs a write that no cache needs to hear of: it is not announced to onTableWrite() listeners (here
 * or in other instances), so the caches keep their entries, which show the change within their few
 * seconds' lifetime. For the one write every active user makes once a minute (their last_seen_at): at
 * scale, announcing it would drop every cached session user and every cached read of users several
 * times a second. A write whose context is lost on the way (a pool that had to queue it) is announced.
 */
export function unannounced<T>(write: () => PromiseLike<T>): Promise<T> {
  // Awaited inside: a Drizzle query runs when awaited, and must run in this context.
  return quiet.run(true, async () => await write());
}

const statementCounter = {
  logQuery(query: string, params: unknown[]): void {
    (globalThis as { [STATEMENT_HOOK]?: (query: string, params: unknown[]) => void })[STATEMENT_HOOK]?.(query, params);
    if (writeListeners.length === 0 || quiet.getStore()) return;
    const table = tableWritten(query);
    if (table) {
      writtenSinceCommit.add(table);
      announce([table]);
    } else if (writtenSinceCommit.size > 0 && COMMIT.test(query)) {
      const tables = [...writtenSinceCommit];
      writtenSinceCommit.clear();
      announce(tables);
    }
  },
};

const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
// A whole transaction rolled back (not `rollback to savepoint`, after which it goes on).
const ROLLBACK = /^\s*rollback\b(?!\s+to\b)/i;

/**
 * PostgreSQL: announces each write again once the server has answered it, and a transaction's writes
 * again once its COMMIT has. The announcement as the statement leaves (above) is not enough there: a
 * cache load on another of the pool's connections that starts after it but reads before the write
 * lands would keep the old rows (an active user's once-a-minute last_seen_at then went round: the
 * reload saw the old time, so the next request wrote it again). Announced after, such a load is not kept.
 */
function announceWhenDone(client: { query: (...args: unknown[]) => unknown }): void {
  const query = client.query;
  let inTransaction: Set<string> | null = null;
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    let done: Iterable<string> | null = null;
    if (text && writeListeners.length > 0 && !quiet.getStore()) {
      const table = tableWritten(text);
      if (BEGIN.test(text)) inTransaction = new Set();
      else if (table) inTransaction?.add(table);
      done = COMMIT.test(text) ? inTransaction : table && !inTransaction ? [table] : null;
      if (COMMIT.test(text) || ROLLBACK.test(text)) inTransaction = null;
    }
    if (!done) return query.apply(this, args);
    const tables = done;
    // The pool calls with a callback; Drizzle's transactions without one (a promise).
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        if (!error) announce(tables);
        return callback(error, ...rest);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise)
      result.then(
        () => announce(tables),
        () => undefined,
      );
    return result;
  };
}

/** Calls `listener` with the table of every insert, update or delete this process sends (caches drop what it changes). */
export function onTableWrite(listener: (table: string) => void): void {
  writeListeners.push(listener);
}

// One handle per process, shared by every copy of this module (the server bundle has more than one entry).
const KEY = Symbol.for('cuepoint.db');
type Holder = { [KEY]?: Promise<DbHandle> };

async function open(): Promise<DbHandle> {
  const { databaseUrl, dataDir } = config();
  if (databaseUrl) {
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pg = await import('pg');
    const pool = new pg.default.Pool({ connectionString: databaseUrl, max: 10 });
    pool.on('connect', (client) => announceWhenDone(client as unknown as { query: (...args: unknown[]) => unknown }));
    // Outside a transaction Drizzle reads through the pool; a transaction has a client of its own.
    pool.query = cachingQuery(pool.query.bind(pool)) as typeof pool.query;
    return { db: drizzle(pool, { schema, logger: statementCounter }) as Db, dialect: 'postgres', pglite: null, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = join(dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, await pgliteOptions());
  // Outside a transaction Drizzle reads through `query`; a transaction's reads go through its own object.
  client.query = cachingQuery(client.query.bind(client)) as typeof client.query;
  return { db: drizzle(client, { schema, logger: statementCounter }) as unknown as Db, dialect: 'pglite', pglite: client, close: () => client.close() };
}

/** The process-wide database handle, opened on first use. */
export function dbHandle(): Promise<DbHandle> {
  const holder = globalThis as Holder;
  holder[KEY] ??= open();
  return holder[KEY];
}

/** The Drizzle database. */
export async function getDb(): Promise<Db> {
  return (await dbHandle()).db;
}

const CLOSERS = Symbol.for('cuepoint.db.closers');
type Closers = { [CLOSERS]?: Set<() => Promise<void>> };

/** Runs `fn` before the database closes (the queue engine lets go of its connection first). */
export function onDbClose(fn: () => Promise<void>): void {
  const holder = globalThis as Closers;
  holder[CLOSERS] ??= new Set();
  holder[CLOSERS].add(fn);
}

/** Closes the database (tests and shutdown). */
export async function closeDb(): Promise<void> {
  const holder = globalThis as Holder & Closers;
  const handle = holder[KEY];
  if (handle) for (const fn of holder[CLOSERS] ?? []) await fn().catch(() => undefined);
  delete holder[KEY];
  if (handle) await (await handle).close();
}

export { schema };

/** The number of rows a raw statement changed, whichever driver ran it (node-postgres: rowCount; PGlite: affectedRows). */
export function affectedRows(result: unknown): number {
  const r = result as { affectedRows?: number; rowCount?: number | null };
  return Number(r.affectedRows ?? r.rowCount ?? 0);
}

/**
 * What every PGlite of the product opens with: the pg_trgm extension (contrib; PostgreSQL's packages have it
 * built in) that the search indexes of migration 0019 use. A PGlite directory opened without it cannot
 * write a row those indexes cover.
 */
export async function pgliteOptions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { extensions: { pg_trgm } };
}
