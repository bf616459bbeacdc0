/**
 * The whole database schema: ours (the committed migrations) and the queue's (pg-boss installs or
 * upgrades its own as it starts). Done before any request, so no enqueue inside a transaction ever
 * has to start the engine (on PGlite's single connection that would wait on itself). Boot and the
 * tests that build a database by hand call this; the migrations themselves know nothing of the queue.
 */
import { migrate } from '../db';
import { engine } from './engine';

export async function migrateWithQueue(): Promise<void> {
  await migrate();
  await engine();
}
