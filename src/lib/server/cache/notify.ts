/**
 * Cross-instance cache invalidation. A process that changes something a cache holds calls
 * `publishInvalidation(topic, key)`; every process (this one included) that called
 * `onInvalidation(topic, fn)` hears `fn(key)`. On PostgreSQL the message travels by `NOTIFY` on one
 * channel, heard through a dedicated `LISTEN` connection per process; on the embedded PGlite there is
 * one process, so it stays in-process. After the listening connection was lost and came back, every
 * handler hears `fn(null)`: "anything in this topic may be stale", since messages sent meanwhile were missed.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { config } from '../config';
import { getDb, onDbClose } from '../db';

const CHANNEL = 'cuepoint_invalidation';
/** NOTIFY payloads are limited to 8000 bytes; keys are ids and short strings. */
const MAX_KEY_LENGTH = 1000;

export type InvalidationHandler = (key: string | null) => void;

const KEY = Symbol.for('cuepoint.cache.notify');
interface NotifyState {
  /** Tells this process's own messages apart when they come back through LISTEN. */
  origin: string;
  handlers: Map<string, Set<InvalidationHandler>>;
  listener: Promise<pg.Client | null> | null;
  closed: boolean;
}
function state(): NotifyState {
  const g = globalThis as { [KEY]?: NotifyState };
  g[KEY] ??= { origin: randomUUID(), handlers: new Map(), listener: null, closed: false };
  return g[KEY];
}

function deliver(topic: string, key: string | null): void {
  for (const fn of state().handlers.get(topic) ?? []) {
    try {
      fn(key);
    } catch (error) {
      console.error(`[cuepoint] invalidation handler of ${topic} failed`, error);
    }
  }
}

function deliverAll(): void {
  for (const topic of state().handlers.keys()) deliver(topic, null);
}

async function connect(attempt = 0): Promise<pg.Client | null> {
  const s = state();
  const url = config().databaseUrl;
  if (!url || s.closed) return null;
  const client = new pg.Client({ connectionString: url, application_name: 'cuepoint-invalidation' });
  const retry = () => {
    if (s.closed) return;
    s.listener = new Promise((resolve) => setTimeout(() => resolve(connect(attempt + 1)), Math.min(30_000, 500 * 2 ** attempt)).unref());
  };
  client.on('error', () => undefined);
  client.on('end', () => {
    if (!s.closed) retry();
  });
  client.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    try {
      const { o, t, k } = JSON.parse(message.payload) as { o: string; t: string; k: string };
      if (o !== s.origin) deliver(t, k);
    } catch {
      // Not one of ours.
    }
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
  } catch (error) {
    console.error(`[cuepoint] invalidation listener could not connect: ${error instanceof Error ? error.message : error}`);
    await client.end().catch(() => undefined);
    return null;
  }
  // Whatever was published while we were not listening is unknown: every cache starts over.
  if (attempt > 0) deliverAll();
  return client;
}

/**
 * Starts listening for other instances' notices (on PostgreSQL), once: called by a cache when it first
 * keeps something, never at import (the configuration may not be set up yet when a module loads).
 */
export function listenForInvalidations(): void {
  const s = state();
  if (s.listener || !config().databaseUrl) return;
  s.closed = false;
  s.listener = connect();
}

/** Calls `fn(key)` whenever any process invalidates `key` in `topic` (`fn(null)`: the whole topic). Answers a function that stops it. */
export function onInvalidation(topic: string, fn: InvalidationHandler): () => void {
  const s = state();
  const set = s.handlers.get(topic) ?? new Set<InvalidationHandler>();
  s.handlers.set(topic, set);
  set.add(fn);
  return () => void set.delete(fn);
}

/** Tells every process (this one at once) that `key` of `topic` changed. */
export async function publishInvalidation(topic: string, key: string): Promise<void> {
  if (key.length > MAX_KEY_LENGTH) throw new Error(`An invalidation key may be at most ${MAX_KEY_LENGTH} characters.`);
  deliver(topic, key);
  if (!config().databaseUrl) return;
  const payload = JSON.stringify({ o: state().origin, t: topic, k: key });
  await (await getDb()).execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}

/** Stops listening (shutdown). */
export async function stopInvalidations(): Promise<void> {
  const s = state();
  s.closed = true;
  const listener = s.listener;
  s.listener = null;
  const client = await listener?.catch(() => null);
  await client?.end().catch(() => undefined);
}

onDbClose(stopInvalidations);
