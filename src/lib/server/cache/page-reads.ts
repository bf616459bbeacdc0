/**
 * The page-read cache (db/read-cache.ts) across instances. Each instance drops its entries for the
 * tables it writes itself; this tells the others, on PostgreSQL, by the invalidation topic
 * (cache/notify.ts): the tables written in each window of `PUBLISH_EVERY_MS` go out in one notice, so a
 * busy instance sends a few notices a second, not one per write. Another instance's reads of those
 * tables are therefore at most that window (plus the notice's trip) behind; a lost notice is covered
 * by the entries' own lifetime (PAGE_READ_TTL_MS), and a listener that reconnects drops everything.
 */
import { randomUUID } from 'node:crypto';
import { config } from '../config';
import { onTableWrite, dropTables, withPageReads } from '../db';
import { listenForInvalidations, onInvalidation, publishInvalidation } from './notify';

export { withPageReads };

const TOPIC = 'page-reads';
const PUBLISH_EVERY_MS = 100;
/** Notice keys are short; a window that wrote more tables than fit says "everything". */
const MAX_KEY_LENGTH = 900;

const KEY = Symbol.for('cuepoint.cache.page-reads');
const holder = globalThis as { [KEY]?: { written: Set<string>; timer: NodeJS.Timeout | null } };

/**
 * Shares this instance's writes with the others and drops what they write: called once by the web
 * process (src/middleware.ts) as it loads, never as a side effect of importing the cache (a test or a
 * script that imports a domain must not read the configuration before it has set it up).
 */
export function sharePageReads(): void {
  if (holder[KEY]) return;
  const s = { written: new Set<string>(), timer: null as NodeJS.Timeout | null };
  holder[KEY] = s;
  // A notice also comes back to the instance that sent it; that one dropped its entries at the write
  // itself, and dropping again would only lose what it read since.
  const origin = randomUUID();
  listenForInvalidations();
  onInvalidation(TOPIC, (key) => {
    if (key === null) return dropTables(null);
    const [from, tables = '*'] = key.split('|');
    if (from !== origin) dropTables(tables === '*' ? null : tables.split(','));
  });
  if (config().databaseUrl) {
    onTableWrite((table) => {
      s.written.add(table);
      s.timer ??= setTimeout(() => {
        s.timer = null;
        const tables = [...s.written].join(',');
        s.written.clear();
        publishInvalidation(TOPIC, `${origin}|${tables.length > MAX_KEY_LENGTH ? '*' : tables}`).catch((error: unknown) =>
          console.error(`[${TOPIC}] could not publish an invalidation:`, error instanceof Error ? error.message : error),
        );
      }, PUBLISH_EVERY_MS);
      s.timer.unref();
    });
  }
}
