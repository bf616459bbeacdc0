/**
 * The SQL statements a piece of work sends through the database client, counted as the benchmark counts
 * them (the client's statement hook), and only that work's: the server running in this process reads
 * on its own meanwhile (the revocation poll, the queue), and those are not counted.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const HOOK = Symbol.for('cuepoint.db.statement');
const holder = globalThis as { [HOOK]?: (query: string) => void };
const current = new AsyncLocalStorage<string[]>();

/** Runs `work` and answers what it answered with the statements it sent. */
export async function withStatements<T>(work: () => Promise<T>): Promise<{ value: T; statements: string[] }> {
  holder[HOOK] ??= (query) => current.getStore()?.push(query);
  const statements: string[] = [];
  const value = await current.run(statements, work);
  return { value, statements };
}
