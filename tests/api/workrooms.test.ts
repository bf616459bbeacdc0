import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '../../src/lib/server/db/client';
import { packageJobs, packages, users } from '../../src/lib/server/db/schema';
import { seedPodcast, seedUser } from '../support/builders';
import { call } from '../support/http';
import { testServer } from '../support/test-server';
import { openRoom, packagePair } from '../support/workroom-builders';

async function upload(token: string, path: string, fields: Record<string, string>, file?: { name: string; type: string; body: string }) {
  const { baseUrl } = await testServer();
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.append('files[]', new Blob([file.body], { type: file.type }), file.name);
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  return { status: response.status, body: await response.json() };
}

describe('workrooms', () => {
  it('lets the two sides of a package talk, and nobody else', async () => {
    const { brand, podcaster, pkg } = await packagePair();
    const outsider = await seedUser({ type: 'BRAND' });
    const room = await openRoom(brand, pkg.id);
    expect(room.type).toBe('package');

    const sent = await call('POST', `/api/discussions/${room.id}/messages`, { token: brand.token, body: { content: 'Welcome aboard!' } });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ content: 'Welcome aboard!', user_id: brand.id, type: 'default' });

    // The podcaster sees it unread, with a notification.
    const list = await call('GET', '/api/discussions', { token: podcaster.token });
    expect(list.body.data[0]).toMatchObject({ id: room.id, unread_count: 1, is_unread: true });
    expect(list.body.meta).toMatchObject({ total: 1, unread_workrooms: 1 });
    const notes = await call('GET', '/api/notifications', { token: podcaster.token });
    expect(notes.body.data[0]).toMatchObject({ type: 'message.created', data: { link: `/workrooms/package/${room.id}` } });
    expect(notes.body.meta.unread).toBe(1);

    // The outsider gets nothing.
    expect((await call('GET', `/api/packages/${pkg.id}/discussion`, { token: outsider.token })).status).toBe(404);
    expect((await call('POST', `/api/discussions/${room.id}/messages`, { token: outsider.token, body: { content: 'hi' } })).status).toBe(404);
    expect((await call('GET', `/api/discussions/${room.id}/messages`, { token: outsider.token })).status).toBe(404);
    expect((await call('GET', `/api/v0/workrooms/package/${room.id}`, { token: outsider.token })).status).toBe(404);
    expect((await call('POST', `/api/discussions/${room.id}/archive`, { token: outsider.token })).status).toBe(404);
    expect((await call('POST', `/api/discussions/${room.id}/read`, { token: outsider.token })).status).toBe(404);
    expect((await call('POST', `/api/discussions/${room.id}/messages-view`, { token: outsider.token, body: {} })).status).toBe(404);
    expect((await call('PUT', `/api/messages/${sent.body.data.id}`, { token: outsider.token, body: { content: 'x' } })).status).toBe(404);
    expect((await call('GET', '/api/discussions', { token: outsider.token })).body.data).toEqual([]);
    expect((await call('POST', `/api/notifications/${notes.body.data[0].id}/read`, { token: outsider.token })).status).toBe(404);
    const page = await fetch(`${(await testServer()).baseUrl}/workrooms/package/${room.id}`, { headers: { cookie: outsider.cookie } });
    expect(page.status).toBe(404);

    // The channel: members only.
    const form = (channel: string) => ({ socket_id: '123.456', channel_name: channel });
    expect((await call('POST', '/broadcasting/auth', { token: outsider.token, form: form(`private-workrooms.${room.id}`) })).status).toBe(403);
    expect((await call('POST', '/broadcasting/auth', { token: outsider.token, form: form(`presence-workrooms.${room.id}`) })).status).toBe(403);
    expect((await call('POST', '/broadcasting/auth', { token: podcaster.token, form: form(`private-workrooms.${room.id}`) })).status).toBe(200);
  });

  it('reads, unreads, archives, views, edits and searches', async () => {
    const { brand, podcaster, pkg } = await packagePair();
    const room = await openRoom(podcaster, pkg.id);
    const msg = (await call('POST', `/api/discussions/${room.id}/messages`, { token: podcaster.token, body: { content: 'Recording Thursday' } })).body.data;

    expect((await call('PUT', `/api/messages/${msg.id}`, { token: brand.token, body: { content: 'hijack' } })).status).toBe(403);
    const edited = await call('PUT', `/api/messages/${msg.id}`, { token: podcaster.token, body: { content: 'Recording Friday' } });
    expect(edited.body.data).toMatchObject({ content: 'Recording Friday' });
    expect(edited.body.data.edited_at).not.toBeNull();
    expect((await call('PUT', `/api/messages/${msg.id}`, { token: podcaster.token, body: { content: '  ' } })).status).toBe(422);

    const viewed = await call('POST', `/api/discussions/${room.id}/messages-view`, { token: brand.token, body: {} });
    expect(viewed.body.data.message_ids).toEqual([msg.id]);
    const thread = await call('GET', `/api/v0/workrooms/package/${room.id}`, { token: podcaster.token });
    expect(thread.body.data.current.messages[0].views).toEqual([{ user_id: brand.id, views: 1 }]);
    expect((await call('GET', `/api/v0/workrooms/sponsorship/${room.id}`, { token: podcaster.token })).status).toBe(404);

    expect((await call('GET', '/api/discussions', { token: brand.token })).body.data[0].is_unread).toBe(false);
    expect((await call('DELETE', `/api/discussions/${room.id}/read/${room.id}`, { token: brand.token })).body.data.is_unread).toBe(true);
    expect((await call('POST', `/api/discussions/${room.id}/read`, { token: brand.token })).body.data.is_unread).toBe(false);

    expect((await call('POST', `/api/discussions/${room.id}/archive`, { token: brand.token })).body.data.is_archived).toBe(true);
    expect((await call('GET', '/api/discussions?archived=0', { token: brand.token })).body.data).toEqual([]);
    expect((await call('GET', '/api/discussions?archived=1', { token: brand.token })).body.data).toHaveLength(1);
    // Archive is per user.
    expect((await call('GET', '/api/discussions?archived=0', { token: podcaster.token })).body.data).toHaveLength(1);
    expect((await call('DELETE', `/api/discussions/${room.id}/archive/${room.id}`, { token: brand.token })).body.data.is_archived).toBe(false);

    expect((await call('GET', '/api/discussions?search=Trail', { token: brand.token })).body.data).toHaveLength(1);
    expect((await call('GET', '/api/discussions?search=Friday', { token: brand.token })).body.data).toHaveLength(1);
    expect((await call('GET', '/api/discussions?search=nothing-like-this', { token: brand.token })).body.data).toHaveLength(0);
    expect((await call('GET', '/api/discussions?page=0', { token: brand.token })).status).toBe(422);
    expect((await call('POST', `/api/discussions/${room.id}/messages`, { token: brand.token, body: { content: '' } })).status).toBe(422);
  });

  it('sends files to members only and runs the ad-review flow for the brand alone', async () => {
    const { brand, podcaster, job, pkg } = await packagePair();
    const outsider = await seedUser({ type: 'PODCASTER' });
    const room = await openRoom(brand, pkg.id);
    const withFile = await upload(
      brand.token,
      `/api/discussions/${room.id}/messages`,
      { content: 'The brief' },
      { name: 'brief.pdf', type: 'application/pdf', body: '%PDF-1.4 brief' },
    );
    expect(withFile.status).toBe(201);
    const file = withFile.body.data.files[0];
    expect(file).toMatchObject({ mime: 'application/pdf', isAudio: false, original_name: 'brief.pdf' });
    const { baseUrl } = await testServer();
    expect((await fetch(`${baseUrl}${file.url}`, { headers: { authorization: `Bearer ${podcaster.token}` } })).status).toBe(200);
    // Attachments are served by the files endpoint; the workroom's view rule lets members (and nobody else) in.
    expect(file.url).toBe(`/api/file/${file.id}`);
    expect((await fetch(`${baseUrl}${file.url}`, { headers: { authorization: `Bearer ${outsider.token}` } })).status).toBe(403);
    expect((await fetch(`${baseUrl}/api/discussions/${room.id}/files/${file.id}`, { headers: { authorization: `Bearer ${podcaster.token}` } })).status).toBe(
      404,
    );

    // Only the package's podcaster submits; only with the audio.
    expect((await upload(outsider.token, `/api/podcaster/jobs/${job.id}/deliverables`, {}, { name: 'ad.mp3', type: 'audio/mpeg', body: 'ID3' })).status).toBe(
      404,
    );
    expect((await upload(brand.token, `/api/podcaster/jobs/${job.id}/deliverables`, {}, { name: 'ad.mp3', type: 'audio/mpeg', body: 'ID3' })).status).toBe(403);
    expect((await upload(podcaster.token, `/api/podcaster/jobs/${job.id}/deliverables`, { content: 'no file' })).status).toBe(422);
    const submitted = await upload(
      podcaster.token,
      `/api/podcaster/jobs/${job.id}/deliverables`,
      { content: 'Ad for review' },
      { name: 'ad.mp3', type: 'audio/mpeg', body: 'ID3' },
    );
    expect(submitted.status).toBe(201);
    expect(submitted.body.data).toMatchObject({ status: 'pending', package_job_id: job.id });
    expect(submitted.body.data.message).toMatchObject({ type: 'ad-review', deliverable_id: submitted.body.data.id });
    expect(submitted.body.data.message.files[0].isAudio).toBe(true);
    const deliverableId = submitted.body.data.id;

    // A deliverable without an ad-review message cannot be approved.
    const db = await getDb();
    const { deliverables } = await import('../../src/lib/server/db/schema');
    const [bare] = await db.insert(deliverables).values({ package_job_id: job.id }).returning();
    expect((await call('POST', `/api/deliverables/${bare!.id}/approved`, { token: brand.token })).status).toBe(422);

    expect((await call('POST', `/api/deliverables/${deliverableId}/approved`, { token: podcaster.token })).status).toBe(403);
    const otherBrand = await seedUser({ type: 'BRAND' });
    expect((await call('POST', `/api/deliverables/${deliverableId}/approved`, { token: otherBrand.token })).status).toBe(404);
    const approved = await call('POST', `/api/deliverables/${deliverableId}/approved`, { token: brand.token });
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe('accepted');
    expect((await call('POST', `/api/deliverables/${deliverableId}/reject`, { token: brand.token, body: { reason: 'late' } })).status).toBe(422);
    const [jobAfter] = await db.select().from(packageJobs).where(eq(packageJobs.id, job.id));
    // Approved and waiting to air: the job completes once the ad is verified on air (tests/api/delivery.test.ts).
    expect(jobAfter!.status).toBe('in-progress');
    const notes = await call('GET', '/api/notifications', { token: podcaster.token });
    expect(notes.body.data.map((n: { type: string }) => n.type)).toContain('deliverable.approved');
  });

  it('posts rich text through the shared sanitizer with files uploaded by POST /api/files, which members open', async () => {
    const { brand, podcaster, pkg } = await packagePair();
    const outsider = await seedUser({ type: 'BRAND' });
    const room = await openRoom(brand, pkg.id);
    const { baseUrl } = await testServer();
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4\n% rate card\n%%EOF\n'], { type: 'application/pdf' }), 'rate-card.pdf');
    const uploaded = await fetch(`${baseUrl}/api/files`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${brand.token}`, accept: 'application/json' },
    });
    expect(uploaded.status).toBe(201);
    const fileId = (await uploaded.json()).data.id as number;
    // Before it is attached, only its uploader sees it.
    expect((await fetch(`${baseUrl}/api/file/${fileId}`, { headers: { authorization: `Bearer ${podcaster.token}` } })).status).toBe(403);

    const sent = await call('POST', `/api/discussions/${room.id}/messages`, {
      token: brand.token,
      body: { content: '<p>Our <strong>rate card</strong><script>alert(1)</script><img src="x" onerror="alert(1)"></p>', content_files_ids: [fileId] },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.data.content).toContain('<p>Our <strong>rate card</strong>');
    expect(sent.body.data.content).not.toMatch(/script|onerror|alert/);
    expect(sent.body.data.files[0]).toMatchObject({ id: fileId, url: `/api/file/${fileId}`, original_name: 'rate-card.pdf' });
    const bytes = await fetch(`${baseUrl}/api/file/${fileId}`, { headers: { authorization: `Bearer ${podcaster.token}` } });
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('application/pdf');
    expect((await fetch(`${baseUrl}/api/file/${fileId}`, { headers: { authorization: `Bearer ${outsider.token}` } })).status).toBe(403);

    // Someone else's file cannot be attached; an empty editor is no message; an edit is sanitised too.
    expect(
      (await call('POST', `/api/discussions/${room.id}/messages`, { token: podcaster.token, body: { content: 'mine', content_files_ids: [fileId] } })).status,
    ).toBe(422);
    expect((await call('POST', `/api/discussions/${room.id}/messages`, { token: podcaster.token, body: { content: '<p></p>' } })).status).toBe(422);
    const edited = await call('PUT', `/api/messages/${sent.body.data.id}`, {
      token: brand.token,
      body: { content: '<p>Rate card <a href="javascript:alert(1)">here</a></p>' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.content).toBe('<p>Rate card <a target="_blank" rel="noopener noreferrer nofollow">here</a></p>');
  });

  it('mails an offline member unless they turned message mail off', async () => {
    const { brand, podcaster, pkg } = await packagePair();
    const db = await getDb();
    await db
      .update(users)
      .set({ last_seen_at: new Date(Date.now() - 3_600_000) })
      .where(eq(users.id, podcaster.id));
    const room = await openRoom(brand, pkg.id);
    const { listJobs } = await import('../../src/lib/server/jobs/queue');
    const mailsTo = async () => (await listJobs('mail.send')).filter((j) => (j.payload as { to: string }).to === podcaster.email);
    // Middleware marks a signed-in caller as seen: keep the podcaster away from the API here.
    await call('POST', `/api/discussions/${room.id}/messages`, { token: brand.token, body: { content: 'Are you around?' } });
    const first = await mailsTo();
    expect(first).toHaveLength(1);
    expect((first[0]!.payload as { text: string }).text).toContain('/unsubscribed?token=');

    const settings = await call('PUT', '/api/notifications/settings', { token: podcaster.token, body: { mail_messages: false } });
    expect(settings.body.data).toMatchObject({ mail_messages: false, mail_proposals: true });
    expect((await call('PUT', '/api/notifications/settings', { token: podcaster.token, body: { mail_messages: 'no' } })).status).toBe(422);
    await db
      .update(users)
      .set({ last_seen_at: new Date(Date.now() - 3_600_000) })
      .where(eq(users.id, podcaster.id));
    await call('POST', `/api/notifications/${(await call('GET', '/api/notifications', { token: podcaster.token })).body.data[0].id}/read`, {
      token: podcaster.token,
    });
    await db
      .update(users)
      .set({ last_seen_at: new Date(Date.now() - 3_600_000) })
      .where(eq(users.id, podcaster.id));
    await call('POST', `/api/discussions/${room.id}/messages`, { token: brand.token, body: { content: 'Ping again' } });
    expect(await mailsTo()).toHaveLength(1);
  });

  it('opens sponsorship and podcast workrooms, and bulk-messages a campaign', async () => {
    const { brand, podcaster, podcast, campaign, pkg } = await packagePair();
    const stranger = await seedUser({ type: 'BRAND' });
    const direct = await call('POST', `/api/podcasts/${podcast.id}/discussions`, { token: brand.token, body: { content: 'Loved your last episode.' } });
    expect(direct.status).toBe(201);
    expect(direct.body.data.link).toMatch(/^\/workrooms\/podcast\/\d+$/);
    expect((await call('GET', `/api/podcasts/${podcast.id}/discussions`, { token: podcaster.token })).body.data).toHaveLength(1);
    expect((await call('GET', `/api/podcasts/${podcast.id}/discussions`, { token: stranger.token })).body.data).toHaveLength(0);
    expect((await call('POST', `/api/podcasts/${podcast.id}/discussions`, { token: podcaster.token, body: { content: 'x' } })).status).toBe(403);

    const bulk = await call('POST', `/api/campaigns/${campaign.id}/discussions`, { token: brand.token, body: { content: 'Thanks for proposing!' } });
    expect(bulk.status).toBe(201);
    expect(bulk.body.data.sent).toBe(1);
    expect((await call('POST', `/api/campaigns/${campaign.id}/discussions`, { token: stranger.token, body: { content: 'x' } })).status).toBe(404);
    expect((await call('POST', `/api/campaigns/${campaign.id}/discussions`, { token: podcaster.token, body: { content: 'x' } })).status).toBe(403);
    expect((await call('POST', `/api/campaigns/${campaign.id}/discussions`, { token: brand.token, body: {} })).status).toBe(422);
    const room = await openRoom(podcaster, pkg.id);
    expect((await call('GET', `/api/discussions/${room.id}/messages`, { token: podcaster.token })).body.data.at(-1).content).toBe('Thanks for proposing!');

    const { opportunities } = await import('../../src/lib/server/db/schema');
    const db = await getDb();
    const [opp] = await db.insert(opportunities).values({ podcast_id: podcast.id, campaign_id: campaign.id }).returning();
    expect((await call('POST', `/api/sponsorships/${opp!.id}/discussions`, { token: podcaster.token, body: { content: 'A question first' } })).status).toBe(
      201,
    );
    const got = await call('GET', `/api/sponsorships/${opp!.id}/discussions`, { token: brand.token });
    expect(got.body.data.discussion.type).toBe('sponsorship');
    expect(got.body.data.messages[0].content).toBe('A question first');
    expect((await call('GET', `/api/sponsorships/${opp!.id}/discussions`, { token: stranger.token })).status).toBe(404);
    expect((await call('GET', '/api/sponsorships/99999999/discussions', { token: brand.token })).status).toBe(404);
  });
});

describe('workroom list by cursor', () => {
  it('pages most recent activity first by next_cursor, a new message moves its workroom to the top, a bad cursor is a 422', async () => {
    const { brand, campaign } = await packagePair();
    const db = await getDb();
    const rooms: number[] = [];
    for (let i = 0; i < 5; i++) {
      const podcaster = await seedUser({ type: 'PODCASTER' });
      const { podcast } = await seedPodcast(podcaster.id, { title: `Show ${i}` });
      const [pkg] = await db
        .insert(packages)
        .values({ podcast_id: podcast.id, podcaster_user_id: podcaster.id, campaign_id: campaign.id, status: 'hired', total_price: 10_000 })
        .returning();
      rooms.push((await openRoom(brand, pkg!.id)).id);
    }
    // Talk in rooms 2, 0, 4 (in that order): they lead the list, newest first, then the quiet ones by their opening.
    for (const i of [2, 0, 4]) {
      expect((await call('POST', `/api/discussions/${rooms[i]}/messages`, { token: brand.token, body: { content: `Hello ${i}` } })).status).toBe(201);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await call('GET', `/api/discussions?archived=0&per_page=2${q}`, { token: brand.token });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((d: { id: number }) => d.id));
      cursor = res.body.meta.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    const mine = seen.filter((id) => rooms.includes(id));
    expect(mine).toEqual([rooms[4], rooms[0], rooms[2], rooms[3], rooms[1]]);
    // A message in the last room brings it to the top.
    await call('POST', `/api/discussions/${rooms[1]}/messages`, { token: brand.token, body: { content: 'Back again' } });
    expect((await call('GET', '/api/discussions?per_page=1', { token: brand.token })).body.data[0].id).toBe(rooms[1]);
    const bad = await call('GET', '/api/discussions?cursor=not-a-cursor', { token: brand.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('cursor');
  });
});
