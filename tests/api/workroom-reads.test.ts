/**
 * Issue #16 item 2: the workroom screen reads the room, the list and the delivery panel in one statement
 * each (the list cached a few seconds, dropped by any write to what it reads), and opening a room with
 * nothing new writes nothing, while the unread counts stay right.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, onTableWrite } from '../../src/lib/server/db/client';
import { deliverables, discussionUsers, packageJobs } from '../../src/lib/server/db/schema';
import { workroomJobs } from '../../src/lib/server/delivery/workroom-jobs';
import { HttpError } from '../../src/lib/server/http';
import { loadSessionUser } from '../../src/lib/server/users/session-user';
import { seedUser } from '../support/builders';
import { call, page } from '../support/http';
import { openRoom, packagePair } from '../support/workroom-builders';

/** The tables written while `fn` runs (through this process's database client, which the test server shares). */
const recording: { tables: string[] | null } = { tables: null };
onTableWrite((table) => recording.tables?.push(table));
async function tablesWrittenBy(fn: () => Promise<unknown>): Promise<string[]> {
  recording.tables = [];
  try {
    await fn();
    return recording.tables;
  } finally {
    recording.tables = null;
  }
}

const session = async (id: number) => (await loadSessionUser(id))!;

describe('the workroom screen’s reads', () => {
  it('reads the delivery panel and the jobs the podcaster can submit an ad for in one go, members only', async () => {
    const { brand, podcaster, pkg, job } = await packagePair();
    const outsider = await seedUser({ type: 'PODCASTER' });
    const room = await openRoom(brand, pkg.id);
    const db = await getDb();
    const [unfunded] = await db
      .insert(packageJobs)
      .values({ package_id: pkg.id, fee: 10_000, description: 'Unfunded', status: 'in-progress', is_funded: false, delivery_date: '2099-01-02' })
      .returning();
    const [approved] = await db
      .insert(packageJobs)
      .values({ package_id: pkg.id, fee: 10_000, description: 'Approved', status: 'in-progress', is_funded: true, delivery_date: '2099-01-01' })
      .returning();
    await db.insert(deliverables).values({ package_job_id: approved!.id, status: 'accepted' });

    const mine = await workroomJobs(await session(podcaster.id), room.id);
    expect(mine.panel.jobs.map((j) => j.id)).toEqual([approved!.id, unfunded!.id, job.id]);
    expect(mine.panel.jobs[0]).toMatchObject({ approved_deliverable_id: expect.any(Number), deliverable: { status: 'accepted' } });
    expect(mine.panel.podcast).toMatchObject({ title: 'Trail Talk' });
    expect(mine.submittable).toEqual([{ id: job.id, name: 'Ad', description: 'Host-read', delivery_date: null, has_reject_deliverable: false }]);

    // The brand sees the same panel and has nothing to submit; an outsider gets a 404, never the jobs.
    const theirs = await workroomJobs(await session(brand.id), room.id);
    expect(theirs.panel).toEqual(mine.panel);
    expect(theirs.submittable).toEqual([]);
    await expect(workroomJobs(await session(outsider.id), room.id)).rejects.toSatisfy((e) => e instanceof HttpError && e.status === 404);

    // The page shows the thread, the list and the panel to each side.
    for (const user of [brand, podcaster]) {
      const screen = await page(`/workrooms/package/${room.id}`, user.cookie);
      expect(screen.status).toBe(200);
      expect(screen.html).toContain('Host-read');
    }
  });

  it('writes nothing when a room with nothing new is opened, and keeps the unread counts right', async () => {
    const { brand, podcaster, pkg } = await packagePair();
    const room = await openRoom(brand, pkg.id);
    const db = await getDb();
    const lastRead = async () =>
      (
        await db
          .select({ at: discussionUsers.last_read_at })
          .from(discussionUsers)
          .where(and(eq(discussionUsers.discussion_id, room.id), eq(discussionUsers.user_id, brand.id)))
      )[0]!.at;
    const brandList = async () => (await call('GET', '/api/discussions', { token: brand.token })).body.data[0];
    const view = () => call('POST', `/api/discussions/${room.id}/messages-view`, { token: brand.token, body: {} });

    const first = (await call('POST', `/api/discussions/${room.id}/messages`, { token: podcaster.token, body: { content: 'Script attached' } })).body.data;
    expect(await brandList()).toMatchObject({ id: room.id, unread_count: 1, is_unread: true });
    expect((await view()).body.data).toMatchObject({ message_ids: [first.id] });
    expect(await brandList()).toMatchObject({ unread_count: 0, is_unread: false });
    const readAt = await lastRead();
    expect(readAt).not.toBeNull();

    // Opened again with nothing new: no write (the caches reading these tables stay), the same read state.
    const again = await tablesWrittenBy(async () => expect((await view()).body.data).toMatchObject({ message_ids: [], unread_workrooms: 0 }));
    expect(again).not.toContain('discussion_users');
    expect(again).not.toContain('message_views');
    expect(await lastRead()).toEqual(readAt);

    // A new message shows in the (cached) list at once, and reading it clears it again.
    await call('POST', `/api/discussions/${room.id}/messages`, { token: podcaster.token, body: { content: 'And the cue sheet' } });
    expect(await brandList()).toMatchObject({ unread_count: 1, is_unread: true });
    expect(await tablesWrittenBy(view)).toContain('discussion_users');
    expect(await brandList()).toMatchObject({ unread_count: 0, is_unread: false });

    // Marked unread by hand: opening the room reads it.
    expect((await call('DELETE', `/api/discussions/${room.id}/read/${room.id}`, { token: brand.token })).body.data.is_unread).toBe(true);
    expect(await brandList()).toMatchObject({ is_unread: true });
    expect(await tablesWrittenBy(view)).toContain('discussion_users');
    expect(await brandList()).toMatchObject({ is_unread: false });
  });
});
