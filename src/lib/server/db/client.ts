/** The database: PGlite persisted under DATA_DIR by default, PostgreSQL when DATABASE_URL is set. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema';
import { config } from '../config';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface DbHandle {
  db: Db;
  dialect: 'pglite' | 'postgres';
  close(): Promise<void>;
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
    return { db: drizzle(pool, { schema }) as Db, dialect: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = join(dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  return { db: drizzle(client, { schema }) as unknown as Db, dialect: 'pglite', close: () => client.close() };
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

/** Closes the database (tests and shutdown). */
export async function closeDb(): Promise<void> {
  const holder = globalThis as Holder;
  const handle = holder[KEY];
  delete holder[KEY];
  if (handle) await (await handle).close();
}

export { schema };
