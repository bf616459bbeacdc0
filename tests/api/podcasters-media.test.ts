import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call } from '../support/http';
import { testServer } from '../support/test-server';
import { mailTo } from '../support/mail';
import { seedPodcast, seedUser, type SeededUser } from '../support/builders';
import { getDb } from '../../src/lib/server/db/client';
import { notifications, podcastManualStats, podcasts } from '../../src/lib/server/db/schema';
import { TEST_NOW } from '../support/clock';

// A 1×1 PNG.
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function postForm(path: string, token: string, fields: Record<string, string | { bytes: Uint8Array; name: string; type: string }>) {
  const { baseUrl } = await testServer();
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, new Blob([new Uint8Array(v.bytes)], { type: v.type }), v.name);
  }
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

async function getFile(url: string, token: string) {
  const { baseUrl } = await testServer();
  return fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
}

let me: SeededUser;
let other: SeededUser;
let brand: SeededUser;
let admin: SeededUser;
let mine: { id: number };
let theirs: { id: number };

beforeAll(async () => {
  me = await seedUser({ type: 'PODCASTER' });
  other = await seedUser({ type: 'PODCASTER' });
  brand = await seedUser({ type: 'BRAND' });
  admin = await seedUser({ type: 'ADMIN' });
  mine = (await seedPodcast(me.id, { title: 'Trail Notes Weekly', url: 'https://feeds.example.com/trail-notes.rss' })).podcast;
  theirs = (await seedPodcast(other.id, { title: 'Harbor Lights Radio', url: 'https://feeds.example.com/harbor-lights.rss' })).podcast;
});

describe('[PODCASTERS] podcast artwork', () => {
  it('stores the cropped artwork through the files domain and shows it to other signed-in users', async () => {
    const res = await postForm(`/api/podcasts/${mine.id}/avatars`, me.token, { avatar: { bytes: PNG, name: 'artwork.png', type: 'image/png' } });
    expect(res.status).toBe(200);
    expect(res.body.data.avatar_url).toMatch(/^\/api\/file\/\d+$/);
    const db = await getDb();
    const [row] = await db.select().from(podcasts).where(eq(podcasts.id, mine.id));
    expect(row!.avatar_url).toBe(res.body.data.avatar_url);
    expect(row!.avatar_file_id).toBe(Number(res.body.data.avatar_url.split('/').pop()));
    const seen = await getFile(res.body.data.avatar_url, brand.token);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toContain('image/png');

    // A second upload replaces the first file.
    const again = await postForm(`/api/podcasts/${mine.id}/avatars`, me.token, { avatar: { bytes: PNG, name: 'artwork.png', type: 'image/png' } });
    expect(again.status).toBe(200);
    expect(again.body.data.avatar_url).not.toBe(res.body.data.avatar_url);
    expect((await getFile(res.body.data.avatar_url, me.token)).status).toBe(404);
  });

  it('refuses another podcaster’s podcast, a brand, a missing or non-image file', async () => {
    const img = { bytes: PNG, name: 'artwork.png', type: 'image/png' };
    expect((await postForm(`/api/podcasts/${theirs.id}/avatars`, me.token, { avatar: img })).status).toBe(404);
    expect((await postForm(`/api/podcasts/${mine.id}/avatars`, brand.token, { avatar: img })).status).toBe(403);
    const missing = await postForm(`/api/podcasts/${mine.id}/avatars`, me.token, { title: 'no file' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.avatar[0]).toBe('The avatar field is required.');
    const pdf = await postForm(`/api/podcasts/${mine.id}/avatars`, me.token, { avatar: { bytes: PDF, name: 'a.png', type: 'image/png' } });
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors.avatar[0]).toBe('The avatar must be a PNG, JPEG or WebP image.');
    expect((await postForm('/api/podcasts/abc/avatars', me.token, { avatar: img })).status).toBe(404);
  });
});

describe('[PODCASTERS] manual stats', () => {
  let first: number;

  it('accepts listens with a report uploaded in the same request, pending until reviewed', async () => {
    const res = await postForm(`/api/podcasts/${mine.id}/manual-stats`, me.token, {
      listens: '4200',
      file: { bytes: PDF, name: 'march-report.pdf', type: 'application/pdf' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      podcast_id: mine.id,
      listens: 4200,
      status: 'pending',
      is_expired: false,
      file_original_name: 'march-report.pdf',
      verified_at: null,
      reject_reason: null,
    });
    first = res.body.data.id;
    const current = await call('GET', `/api/podcasts/${mine.id}/manual-stats`, { token: me.token });
    expect(current.body.data.id).toBe(first);
    // Admins may open the report; another podcaster may not.
    expect((await getFile(res.body.data.file_url, admin.token)).status).toBe(200);
    expect((await getFile(res.body.data.file_url, other.token)).status).toBe(403);
  });

  it('answers 422 for malformed input and while a submission waits', async () => {
    const noFile = await call('POST', `/api/podcasts/${theirs.id}/manual-stats`, { token: other.token, body: { listens: 10 } });
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors.file[0]).toBe('A screenshot or report file is required.');
    const notNumber = await call('POST', `/api/podcasts/${theirs.id}/manual-stats`, { token: other.token, body: { listens: 'lots', file_id: 1 } });
    expect(notNumber.status).toBe(422);
    expect(notNumber.body.errors.listens).toBeDefined();
    const zero = await call('POST', `/api/podcasts/${theirs.id}/manual-stats`, { token: other.token, body: { listens: 0, file_id: 1 } });
    expect(zero.body.errors.listens[0]).toBe('The listens field must be at least 1.');
    // Someone else's file id is not theirs to use.
    const stolen = await call('POST', `/api/podcasts/${theirs.id}/manual-stats`, { token: other.token, body: { listens: 10, file_id: 1 } });
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors.file_id[0]).toBe('The selected file is invalid.');
    const audio = await postForm(`/api/podcasts/${theirs.id}/manual-stats`, other.token, {
      listens: '10',
      file: { bytes: PNG.slice(0, 4), name: 'x.txt', type: 'text/plain' },
    });
    expect(audio.status).toBe(422);
    const waiting = await postForm(`/api/podcasts/${mine.id}/manual-stats`, me.token, {
      listens: '10',
      file: { bytes: PNG, name: 'shot.png', type: 'image/png' },
    });
    expect(waiting.status).toBe(422);
    expect(waiting.body.errors.listens[0]).toMatch(/already waiting/);
  });

  it('accepts a file from the uploader by id', async () => {
    const { baseUrl } = await testServer();
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'dashboard.png');
    const up = await fetch(`${baseUrl}/api/files`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${other.token}`, accept: 'application/json' },
    });
    const file = ((await up.json()) as any).data;
    const res = await call('POST', `/api/podcasts/${theirs.id}/manual-stats`, { token: other.token, body: { listens: 900, file_id: file.id } });
    expect(res.status).toBe(201);
    expect(res.body.data.file_url).toBe(`/api/file/${file.id}`);
    expect(res.body.data.file_original_name).toBe('dashboard.png');
    const removed = await call('DELETE', `/api/podcasts/${theirs.id}/manual-stats`, { token: other.token });
    expect(removed.status).toBe(204);
    const list = await call('GET', `/api/podcasts/${theirs.id}/manual-stats-list`, { token: other.token });
    expect(list.body.data).toEqual([]);
  });

  it('keeps every call to the owner', async () => {
    for (const [method, path] of [
      ['GET', 'manual-stats-list'],
      ['GET', 'manual-stats'],
      ['DELETE', 'manual-stats'],
    ] as const) {
      expect((await call(method, `/api/podcasts/${mine.id}/${path}`, { token: other.token })).status).toBe(404);
    }
    expect((await call('POST', `/api/podcasts/${mine.id}/manual-stats`, { token: other.token, body: { listens: 5, file_id: 1 } })).status).toBe(404);
    expect((await call('GET', `/api/podcasts/${mine.id}/manual-stats-list`, { token: brand.token })).status).toBe(403);
    expect((await call('GET', `/api/podcasts/${mine.id}/manual-stats-list?page=0`, { token: me.token })).status).toBe(422);
    expect((await call('POST', `/api/admin/manual-stats/${first}/verify`, { token: me.token })).status).toBe(403);
  });

  it('lets an admin reject with a reason (mailed and notified), then verify new numbers', async () => {
    const pending = await call('GET', '/api/admin/manual-stats', { token: admin.token });
    expect(pending.body.data.map((s: any) => s.id)).toContain(first);
    const noReason = await call('POST', `/api/admin/manual-stats/${first}/reject`, { token: admin.token, body: { reason: '  ' } });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason[0]).toBe('The reason field is required.');
    const rejected = await call('POST', `/api/admin/manual-stats/${first}/reject`, {
      token: admin.token,
      body: { reason: 'The screenshot does not show the date range.' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reject_reason: 'The screenshot does not show the date range.' });
    expect((await call('POST', `/api/admin/manual-stats/${first}/verify`, { token: admin.token })).status).toBe(422);

    const again = await postForm(`/api/podcasts/${mine.id}/manual-stats`, me.token, {
      listens: '5100',
      file: { bytes: PNG, name: 'april.png', type: 'image/png' },
    });
    expect(again.status).toBe(201);
    const verified = await call('POST', `/api/admin/manual-stats/${again.body.data.id}/verify`, { token: admin.token });
    expect(verified.body.data.status).toBe('verified');
    expect(verified.body.data.verified_at).toBeTruthy();

    const db = await getDb();
    const [podcast] = await db.select().from(podcasts).where(eq(podcasts.id, mine.id));
    expect(podcast!.avg_listens).toBe(5100);
    const notes = await db.select().from(notifications).where(eq(notifications.notifiable_id, me.id));
    expect(notes.map((n) => n.type)).toEqual(expect.arrayContaining(['manual-stats.rejected', 'manual-stats.verified']));
    const { dataDir } = await testServer();
    await expect
      .poll(() =>
        mailTo(dataDir, me.email)
          .map((m) => m.text)
          .join('\n'),
      )
      .toContain('Reason: The screenshot does not show the date range.');
    await expect
      .poll(() =>
        mailTo(dataDir, me.email)
          .map((m) => m.text)
          .join('\n'),
      )
      .toContain('We checked the 5,100 listens you sent');
    // Verified numbers cannot be removed.
    expect((await call('DELETE', `/api/podcasts/${mine.id}/manual-stats`, { token: me.token })).status).toBe(422);
    // The rejected one can.
    expect((await call('DELETE', `/api/podcasts/${mine.id}/manual-stats?id=${first}`, { token: me.token })).status).toBe(204);
  });

  it('marks submissions older than 90 days as expired', async () => {
    const db = await getDb();
    await db
      .update(podcastManualStats)
      .set({ created_at: new Date(TEST_NOW.getTime() - 91 * 86_400_000) })
      .where(eq(podcastManualStats.podcast_id, mine.id));
    const list = await call('GET', `/api/podcasts/${mine.id}/manual-stats-list`, { token: me.token });
    expect(list.body.data.every((s: any) => s.is_expired)).toBe(true);
    expect(list.body.meta.total).toBe(list.body.data.length);
    const current = await call('GET', `/api/podcasts/${mine.id}/manual-stats`, { token: me.token });
    expect(current.body.data).toBeNull();
  });
});
