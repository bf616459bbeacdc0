// The admin's directories (/admin, /admin/podcasts): a search's page, its total and its last page, Next by keyset cursor.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { brands, podcasts, users } from '../../src/lib/server/db/schema';
import { listUsers, USERS_PER_PAGE } from '../../src/lib/server/admin/list-users';
import { randomToken } from '../../src/lib/server/crypto';
import { seedPodcast, seedUser } from '../support/builders';
import { podcastDirectory, PODCASTS_PER_PAGE } from '../../src/lib/server/podcasts/podcast-directory';

describe('[ADMIN] the user directory', () => {
  it('pages a search newest first with its total, and a page past the end keeps the total', async () => {
    const tag = `directory-${randomToken(6).toLowerCase()}`;
    const seeded = [];
    for (let i = 0; i < USERS_PER_PAGE + 2; i++) seeded.push(await seedUser({ email: `${tag}-${i}@example.com` }));
    const first = await listUsers(tag, 1);
    expect(first).toMatchObject({ total: USERS_PER_PAGE + 2, page: 1, lastPage: 2 });
    expect(first.rows).toHaveLength(USERS_PER_PAGE);
    expect(first.rows[0]).toMatchObject({ id: seeded.at(-1)!.id, email: `${tag}-${USERS_PER_PAGE + 1}@example.com` });
    expect(first.rows[0]).not.toHaveProperty('total');
    const second = await listUsers(tag, 2);
    expect(second.rows.map((r) => r.id)).toEqual([seeded[1]!.id, seeded[0]!.id]);
    expect(second.total).toBe(USERS_PER_PAGE + 2);
    expect(await listUsers(tag, 5)).toMatchObject({ rows: [], total: USERS_PER_PAGE + 2, lastPage: 2 });
    expect(await listUsers(`${tag}-nobody`, 1)).toMatchObject({ rows: [], total: 0, lastPage: 1 });
  });

  it("reads Next by the first page's cursor (keyset), the same rows as by offset, and ignores a cursor that does not read", async () => {
    const tag = `keyset-${randomToken(6).toLowerCase()}`;
    const seeded = [];
    for (let i = 0; i < USERS_PER_PAGE + 3; i++) seeded.push(await seedUser({ email: `${tag}-${i}@example.com` }));
    const first = await listUsers(tag, 1);
    expect(first.next_cursor).toEqual(expect.any(String));
    const byCursor = await listUsers(tag, 2, first.next_cursor!);
    const byOffset = await listUsers(tag, 2);
    expect(byCursor.rows.map((r) => r.id)).toEqual([seeded[2]!.id, seeded[1]!.id, seeded[0]!.id]);
    expect(byCursor.rows).toEqual(byOffset.rows);
    expect(byCursor).toMatchObject({ total: USERS_PER_PAGE + 3, lastPage: 2, next_cursor: null });
    // A user who signs up between the two views does not shift the page read by cursor.
    await seedUser({ email: `${tag}-late@example.com` });
    expect((await listUsers(tag, 2, first.next_cursor!)).rows.map((r) => r.id)).toEqual(byCursor.rows.map((r) => r.id));
    expect((await listUsers(tag, 2, 'not a cursor!')).rows.map((r) => r.id)).toEqual((await listUsers(tag, 2)).rows.map((r) => r.id));
  });

  it('finds a user by name or by brand name, and takes % and _ literally', async () => {
    const tag = randomToken(8).toLowerCase();
    const brand = await seedUser({ type: 'BRAND', email: `owner-${tag}@example.com` });
    const db = await getDb();
    await db
      .update(brands)
      .set({ name: `Juniper ${tag} Tea` })
      .where(eq(brands.user_id, brand.id));
    await db
      .update(users)
      .set({ first_name: 'Wren', last_name: `Quill${tag}` })
      .where(eq(users.id, brand.id));
    expect((await listUsers(`juniper ${tag}`, 1)).rows.map((r) => r.id)).toEqual([brand.id]);
    expect((await listUsers(`wren quill${tag}`, 1)).rows.map((r) => r.id)).toEqual([brand.id]);
    // A % or _ in the search is a character, not a wildcard: "a_c" does not find "abc", and no email has a %.
    const other = await seedUser({ email: `x${tag}abc@example.com` });
    expect((await listUsers(`x${tag}abc`, 1)).rows.map((r) => r.id)).toEqual([other.id]);
    expect(await listUsers(`x${tag}a_c`, 1)).toMatchObject({ rows: [], total: 0 });
    expect(await listUsers(`x${tag}%`, 1)).toMatchObject({ rows: [], total: 0 });
  });
});

describe('[ADMIN] the podcast directory', () => {
  it('reads Next by cursor (premium first, then listens), the same rows as by offset, unshifted by a new show', async () => {
    const tag = `dir${randomToken(6).toLowerCase()}`;
    const owner = await seedUser({ type: 'PODCASTER', email: `${tag}@example.com` });
    const db = await getDb();
    const seeded = [];
    for (let i = 0; i < PODCASTS_PER_PAGE + 3; i++) {
      const { podcast: show } = await seedPodcast(owner.id, { title: `${tag} show ${i}` });
      // Two premium shows lead; the rest by average listens, ties by newest.
      await db
        .update(podcasts)
        .set({ is_premium: i < 2, avg_listens: (i % 5) * 100 })
        .where(eq(podcasts.id, show.id));
      seeded.push(show.id);
    }
    const first = await podcastDirectory(tag, 1);
    expect(first).toMatchObject({ total: PODCASTS_PER_PAGE + 3, lastPage: 2, next_cursor: expect.any(String) });
    expect(first.rows.slice(0, 2).map((r) => r.is_premium)).toEqual([true, true]);
    const byCursor = await podcastDirectory(tag, 2, false, first.next_cursor!);
    const byOffset = await podcastDirectory(tag, 2);
    expect(byCursor.rows).toHaveLength(3);
    expect(byCursor.rows).toEqual(byOffset.rows);
    expect(byCursor).toMatchObject({ total: PODCASTS_PER_PAGE + 3, next_cursor: null });
    expect(new Set([...first.rows, ...byCursor.rows].map((r) => r.id))).toEqual(new Set(seeded));
    // A show added with the most listens goes to the first page; the page read by cursor stays the same.
    const { podcast: late } = await seedPodcast(owner.id, { title: `${tag} late` });
    await db.update(podcasts).set({ avg_listens: 10_000 }).where(eq(podcasts.id, late.id));
    expect((await podcastDirectory(tag, 2, false, first.next_cursor!)).rows.map((r) => r.id)).toEqual(byCursor.rows.map((r) => r.id));
    expect((await podcastDirectory(tag, 2, false, 'not a cursor!')).rows.map((r) => r.id)).toEqual((await podcastDirectory(tag, 2)).rows.map((r) => r.id));
  });

  it("finds a show by its title or by its owner's email or name, each on its own, and never a deleted owner's", async () => {
    const tag = `own${randomToken(6).toLowerCase()}`;
    const owner = await seedUser({ type: 'PODCASTER', email: `${tag}@example.com`, name: `Marisol${tag}` });
    const { podcast: byOwner } = await seedPodcast(owner.id, { title: 'The Quiet Orchard' });
    const other = await seedUser({ type: 'PODCASTER' });
    const { podcast: byTitle } = await seedPodcast(other.id, { title: `Quiet ${tag} Hours` });
    const ids = async (term: string) => (await podcastDirectory(term, 1)).rows.map((r) => r.id).sort((a, b) => a - b);
    expect(await ids(tag)).toEqual([byOwner.id, byTitle.id].sort((a, b) => a - b));
    expect(await ids(`Marisol${tag} Podcaster`)).toEqual([byOwner.id]);
    expect(await ids(`Quiet ${tag}`)).toEqual([byTitle.id]);
    expect((await podcastDirectory(tag, 1)).total).toBe(2);
    const db = await getDb();
    await db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, other.id));
    expect(await ids(tag)).toEqual([byOwner.id]);
  });
});
