/** Applies the committed SQL migrations; throws (and the caller exits non-zero) on failure. */
import { join } from 'node:path';
import { config } from '../config';
import { dbHandle } from './client';

export async function migrate(): Promise<void> {
  const { db, dialect } = await dbHandle();
  const migrationsFolder = join(config().rootDir, 'src/lib/server/db/migrations');
  if (dialect === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(db as never, { migrationsFolder });
  } else {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    await run(db, { migrationsFolder });
  }
}
