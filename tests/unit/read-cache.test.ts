// Issue #16 item 2: the page-read cache (src/lib/server/db/read-cache.ts) against a real database
// (PGlite in memory, read through Drizzle as the product reads): a page's repeated reads reach the
// database once, a write to a table they read drops them, and nothing that must be read afresh is kept.
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachingQuery, dropTables, PAGE_READ_TTL_MS, tableWritten, withPageReads } from '../../src/lib/server/db/read-cache';

const shows = pgTable('shows', { id: serial('id').primaryKey(), title: text('title').notNull(), meta: jsonb('meta').$type<{ tags: string[] }>() });
const episodes = pgTable('episodes', { id: serial('id').primaryKey(), show_id: integer('show_id').notNull() });

let client: PGlite;
let sent: string[] = [];
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`create table shows (id serial primary key, title text not null, meta jsonb);
    create table episodes (id serial primary key, show_id integer not null);
    insert into shows (title, meta) values ('The Daily Grind', '{"tags":["news"]}'), ('Night Owls', null);
    insert into episodes (show_id) values (1), (1), (2);`);
  const query = client.query.bind(client);
  // What reaches the database, seen below the cache.
  const counted = ((...args: Parameters<typeof query>) => {
    sent.push(String(args[0]));
    return query(...args);
  }) as typeof query;
  client.query = cachingQuery(counted);
  db = drizzle(client);
}, 60_000); // PGlite starts a WebAssembly Postgres: seconds on a loaded machine
afterAll(() => client.close());

const titles = () => db.select({ id: shows.id, title: shows.title, meta: shows.meta }).from(shows).orderBy(shows.id);

describe('the page-read cache', () => {
  it('answers a page’s repeated read from memory, and each caller gets its own rows', async () => {
    sent = [];
    const [first, second] = await withPageReads(async () => [await titles(), await titles()]);
    expect(second).toEqual(first);
    expect(sent).toHaveLength(1);
    // One caller changing what it got does not change what the next one gets.
    first![0]!.title = 'Changed by one page';
    first![0]!.meta!.tags.push('changed');
    const third = await withPageReads(async () => await titles());
    expect(third[0]).toEqual({ id: 1, title: 'The Daily Grind', meta: { tags: ['news'] } });
    expect(sent).toHaveLength(1);
  });

  it('shares one load between reads that ask at the same time', async () => {
    dropTables(null);
    sent = [];
    const answers = await withPageReads(() => Promise.all([titles(), titles(), titles()]));
    expect(answers[2]).toEqual(answers[0]);
    expect(sent).toHaveLength(1);
  });

  it('drops what a write to a table it reads changes, and keeps the rest', async () => {
    dropTables(null);
    const count = () => db.select({ n: sql<number>`count(*)::int` }).from(episodes).where(eq(episodes.show_id, 1));
    await withPageReads(async () => [await titles(), await count()]);
    sent = [];
    await db.update(shows).set({ title: 'The Morning Grind' }).where(eq(shows.id, 1));
    dropTables(['shows']); // db/client.ts does this for every write the product sends
    sent = [];
    const [after, n] = await withPageReads(async () => [await titles(), await count()]);
    expect((after as { title: string }[])[0]!.title).toBe('The Morning Grind');
    expect(n).toEqual([{ n: 2 }]);
    expect(sent).toHaveLength(1); // the shows read again; the episodes count still cached
    expect(sent[0]).toContain('"shows"');
  });

  it('reads afresh outside a page, for volatile statements and for locking reads', async () => {
    await withPageReads(async () => await titles());
    sent = [];
    await titles();
    await withPageReads(async () => {
      await db.execute(sql`select count(*) from shows where id > 0 and now() > '2000-01-01'`);
      await db.execute(sql`select count(*) from shows where id > 0 and now() > '2000-01-01'`);
      await db.execute(sql`select id from shows where id = 1 for update`);
      await db.execute(sql`select 1 + 1`);
    });
    expect(sent).toHaveLength(5);
  });

  it('leaves other schemas’ tables (the job queue’s) to the database, and drops what a write sent without Drizzle changes', async () => {
    await client.exec('create schema if not exists queue; create table if not exists queue.job (id serial primary key);');
    sent = [];
    await withPageReads(async () => {
      await db.execute(sql`select count(*) from queue.job`);
      await db.execute(sql`select count(*) from queue.job`);
    });
    expect(sent).toHaveLength(2);

    await withPageReads(async () => await titles());
    await client.query(`update shows set title = 'Night Owls Live' where id = 2`);
    sent = [];
    const after = await withPageReads(async () => await titles());
    expect(after[1]!.title).toBe('Night Owls Live');
    expect(sent).toHaveLength(1);
  });

  it('never answers a statement whose CTE writes from memory, and drops what it writes', async () => {
    await withPageReads(async () => await titles());
    const bump = db.$with('bumped').as(db.update(episodes).set({ show_id: 1 }).where(eq(episodes.id, 3)).returning({ id: episodes.id }));
    const writeAndRead = () => db.with(bump).select({ id: shows.id, title: shows.title }).from(shows).where(eq(shows.id, 1));
    sent = [];
    await withPageReads(async () => {
      await writeAndRead();
      await writeAndRead();
      await db.select({ n: sql<number>`count(*)::int` }).from(episodes).where(eq(episodes.show_id, 1));
      await db.select({ n: sql<number>`count(*)::int` }).from(episodes).where(eq(episodes.show_id, 1));
    });
    // Both writes reach the database; the count is read once, after them.
    expect(sent.filter((s) => s.startsWith('with'))).toHaveLength(2);
    expect(sent.filter((s) => s.startsWith('select'))).toHaveLength(1);
    expect(tableWritten(sent[0]!)).toBe('episodes');
    expect(tableWritten('with "recent" as (select * from "shows") select * from "recent"')).toBeNull();
    await db.update(episodes).set({ show_id: 2 }).where(eq(episodes.id, 3));
  });

  it('keeps an entry no longer than its lifetime, and never a failed read', async () => {
    dropTables(null);
    await withPageReads(async () => await titles());
    const realNow = Date.now;
    Date.now = () => realNow() + PAGE_READ_TTL_MS + 1;
    try {
      sent = [];
      await withPageReads(async () => await titles());
      expect(sent).toHaveLength(1);
    } finally {
      Date.now = realNow;
    }
    sent = [];
    const broken = async () => await db.execute(sql`select missing_column from shows`);
    await expect(withPageReads(broken)).rejects.toThrow();
    await expect(withPageReads(broken)).rejects.toThrow();
    expect(sent).toHaveLength(2);
  });
});
