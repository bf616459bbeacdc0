/**
 * Issue 18's screens over HTTP: the support chat (open, list, answer, read state, live events, mail to
 * the side that is away), account settings (email change with re-verification, password change,
 * sessions, export, deletion) and a podcast's feed address changing (read, then verified again).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { eq } from 'drizzle-orm';
import type Pusher from 'pusher-js';
import { pusherClientOf } from '../support/pusher-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { podcasts, users } from '../../src/lib/server/db/schema';
import { PASSWORD, seedPodcast, seedUser, signIn, type SeededUser } from '../support/builders';
import { call } from '../support/http';
import { codeOf, mailTo, waitForMail } from '../support/mail';
import { testServer } from '../support/test-server';

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const clients: Pusher[] = [];
afterAll(() => clients.forEach((c) => c.disconnect()));

/** The next event of that name on the user's private channel. */
async function listen(token: string, userId: number, event: string): Promise<() => Promise<any>> {
  const pusher = await pusherClientOf(token);
  clients.push(pusher);
  const channel = pusher.subscribe(`private-users.${userId}`);
  const received: unknown[] = [];
  channel.bind(event, (data: unknown) => received.push(data));
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', reject);
  });
  return async () => {
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    return received.shift();
  };
}

/** Makes a user look away (not seen within the online timeout), so mail goes to them. */
async function away(userId: number) {
  await (await getDb())
    .update(users)
    .set({ last_seen_at: new Date(Date.now() - 3_600_000) })
    .where(eq(users.id, userId));
}

/** Every admin away (other test files sign admins in too): the whole team is offline. */
async function teamAway() {
  await (await getDb())
    .update(users)
    .set({ last_seen_at: new Date(Date.now() - 3_600_000) })
    .where(eq(users.type, 'ADMIN'));
}

describe('support chat', () => {
  let brand: SeededUser;
  let podcaster: SeededUser;
  let admin: SeededUser;
  let conversationId: number;

  beforeAll(async () => {
    brand = await seedUser({ type: 'BRAND', name: 'Rosa' });
    podcaster = await seedUser({ type: 'PODCASTER' });
    admin = await seedUser({ type: 'ADMIN' });
  });

  it('opens a conversation started with the user\u2019s identity, and mails the team when no admin is online', async () => {
    expect((await call('POST', '/api/support/conversations', { token: brand.token, body: { message: '   ' } })).body.errors.message).toEqual([
      'The message field is required.',
    ]);
    expect((await call('POST', '/api/support/conversations', { token: brand.token, body: { message: 'x'.repeat(4001) } })).status).toBe(422);
    await teamAway();
    const res = await call('POST', '/api/support/conversations', { token: brand.token, body: { message: 'How do I change my delivery date?' } });
    expect(res.status).toBe(201);
    conversationId = res.body.data.id;
    expect(res.body.data.identity).toEqual({ email: brand.email, user_id: brand.id, name: 'Rosa Brand', avatar: null, is_podcaster: false });
    expect(res.body.data.messages).toHaveLength(1);
    const { dataDir } = await testServer();
    const mail = await waitForMail(dataDir, 'support@cuepoint.test', (m) => m.text.includes('How do I change my delivery date?'));
    expect(mail.subject).toBe('Support chat: Rosa Brand (brand)');
    expect(mail.text).toContain(`/admin/support?conversation=${conversationId}`);
  });

  it('lists a user\u2019s own conversations only, and everyone\u2019s for an admin', async () => {
    const own = await call('GET', '/api/support/conversations', { token: brand.token });
    expect(own.body.data.map((c: { id: number }) => c.id)).toEqual([conversationId]);
    expect(own.body.data[0].last_message.content).toBe('How do I change my delivery date?');
    expect((await call('GET', '/api/support/conversations', { token: podcaster.token })).body.data).toEqual([]);
    expect((await call('GET', `/api/support/conversations/${conversationId}`, { token: podcaster.token })).status).toBe(404);
    expect((await call('POST', `/api/support/conversations/${conversationId}/messages`, { token: podcaster.token, body: { content: 'hi' } })).status).toBe(404);
    const all = await call('GET', '/api/support/conversations', { token: admin.token });
    expect(all.body.data.map((c: { id: number }) => c.id)).toContain(conversationId);
    expect(all.body.data.find((c: { id: number }) => c.id === conversationId).unread).toBe(1);
    expect(all.body.meta.unread).toBeGreaterThanOrEqual(1);
    expect((await call('POST', '/api/support/conversations', { token: admin.token, body: { message: 'hello' } })).status).toBe(403);
  });

  it('pushes the team\u2019s answer to the user live, counts it unread, and mails it when the user is away', async () => {
    const next = await listen(brand.token, brand.id, 'support.message.created');
    await away(brand.id);
    const answer = await call('POST', `/api/support/conversations/${conversationId}/messages`, {
      token: admin.token,
      body: { content: 'Open the campaign, then Edit campaign.' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ from_support: true, author_name: 'Cuepoint support', content: 'Open the campaign, then Edit campaign.' });
    const event = await next();
    expect(event).toMatchObject({ conversation: { id: conversationId }, message: { id: answer.body.data.id, from_support: true }, unread_total: 1 });
    const { dataDir } = await testServer();
    const mail = await waitForMail(dataDir, brand.email, (m) => m.subject === 'Cuepoint support replied to your question');
    expect(mail.text).toContain('Open the campaign, then Edit campaign.');
    expect(mail.text).toContain('/#support');
    // A second answer before the first is read is not mailed again.
    await call('POST', `/api/support/conversations/${conversationId}/messages`, { token: admin.token, body: { content: 'Anything else?' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(mailTo(dataDir, brand.email).filter((m) => m.subject === 'Cuepoint support replied to your question')).toHaveLength(1);

    expect((await call('GET', '/api/support/conversations', { token: brand.token })).body.meta.unread).toBe(2);
    const read = await call('POST', `/api/support/conversations/${conversationId}/read`, { token: brand.token });
    expect(read.body.meta.unread).toBe(0);
    const thread = await call('GET', `/api/support/conversations/${conversationId}`, { token: brand.token });
    expect(thread.body.data.messages.map((m: { content: string }) => m.content)).toEqual([
      'How do I change my delivery date?',
      'Open the campaign, then Edit campaign.',
      'Anything else?',
    ]);
  });

  it('lets the team close a conversation; the user\u2019s next message reopens it', async () => {
    expect((await call('PUT', `/api/support/conversations/${conversationId}`, { token: brand.token, body: { status: 'closed' } })).status).toBe(403);
    const closed = await call('PUT', `/api/support/conversations/${conversationId}`, { token: admin.token, body: { status: 'closed' } });
    expect(closed.body.data.status).toBe('closed');
    await call('POST', `/api/support/conversations/${conversationId}/messages`, { token: brand.token, body: { content: 'One more thing.' } });
    expect((await call('GET', `/api/support/conversations/${conversationId}`, { token: admin.token })).body.data.status).toBe('open');
  });
});

describe('account settings', () => {
  it('changes the email only after the new address is proven, and tells the old one', async () => {
    const user = await seedUser({ type: 'BRAND' });
    const next = `renamed-${user.id}@example.com`;
    expect((await call('POST', '/api/user/email', { token: user.token, body: { email: next, current_password: 'wrong password' } })).body.errors).toEqual({
      current_password: ['The password is incorrect.'],
    });
    const asked = await call('POST', '/api/user/email', { token: user.token, body: { email: next, current_password: PASSWORD } });
    expect(asked.status).toBe(200);
    expect(asked.body.data.pending_email.email).toBe(next);
    // Still the old address until the code is entered.
    expect((await call('GET', '/api/user', { token: user.token })).body.data.email).toBe(user.email);
    const { dataDir } = await testServer();
    const code = codeOf(await waitForMail(dataDir, next));
    expect((await call('PATCH', '/api/users/email-verification', { token: user.token, body: { code } })).status).toBe(200);
    const me = (await call('GET', '/api/user', { token: user.token })).body.data;
    expect(me.email).toBe(next);
    expect(me.email_verified_at).not.toBeNull();
    await waitForMail(dataDir, user.email, (m) => m.subject === 'Your Cuepoint email address was changed');
    expect((await signIn(next)).token).toBeTruthy();
    // A verified address cannot be swapped through the verification call, which asks no password.
    expect((await call('POST', '/api/users/email-verification', { token: user.token, body: { email: `other-${user.id}@example.com` } })).status).toBe(422);
  });

  it('lists sessions by device and address, and signs out one or all the others', async () => {
    const user = await seedUser({ type: 'PODCASTER' });
    const mac = await call('POST', '/oauth/token', {
      headers: { 'user-agent': CHROME_MAC },
      body: { grant_type: 'password', client_id: 'cuepoint-web', client_secret: 'cuepoint-web-client-secret', username: user.email, password: PASSWORD },
    });
    const phone = await call('POST', '/oauth/token', {
      headers: { 'user-agent': SAFARI_IPHONE },
      body: { grant_type: 'password', client_id: 'cuepoint-web', client_secret: 'cuepoint-web-client-secret', username: user.email, password: PASSWORD },
    });
    const list = await call('GET', '/api/user/sessions', { token: mac.body.access_token });
    expect(list.body.data).toHaveLength(3);
    expect(list.body.data[0]).toMatchObject({ device: 'Chrome on macOS', device_type: 'desktop', ip_address: '127.0.0.1', current: true });
    const iphone = list.body.data.find((s: { device: string }) => s.device === 'Safari on iOS');
    expect(iphone).toMatchObject({ device_type: 'mobile', current: false });

    expect((await call('DELETE', `/api/user/sessions/${iphone.id}`, { token: mac.body.access_token })).status).toBe(204);
    expect((await call('GET', '/api/user', { token: phone.body.access_token })).status).toBe(401);
    expect((await call('DELETE', `/api/user/sessions/${iphone.id}`, { token: mac.body.access_token })).status).toBe(404);

    const others = await call('DELETE', '/api/user/sessions', { token: mac.body.access_token });
    expect(others.body.data.signed_out).toBe(1);
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(401);
    expect((await call('GET', '/api/user/sessions', { token: mac.body.access_token })).body.data).toHaveLength(1);
  });

  it('changes the password with the current one and signs out the other sessions', async () => {
    const user = await seedUser({ type: 'BRAND' });
    const other = await signIn(user.email);
    const body = { current_password: 'not it', password: 'a brand new passphrase', password_confirmation: 'a brand new passphrase' };
    expect((await call('PUT', '/api/user/password', { token: user.token, body })).body.errors.current_password).toEqual(['The password is incorrect.']);
    expect(
      (await call('PUT', '/api/user/password', { token: user.token, body: { ...body, current_password: PASSWORD, password_confirmation: 'typo' } })).body.errors
        .password,
    ).toEqual(['The password field confirmation does not match.']);
    const changed = await call('PUT', '/api/user/password', { token: user.token, body: { ...body, current_password: PASSWORD } });
    expect(changed.body.data.signed_out).toBe(1);
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(200);
    expect((await call('GET', '/api/user', { token: other.token })).status).toBe(401);
    expect((await signIn(user.email, 'a brand new passphrase')).token).toBeTruthy();
    const { dataDir } = await testServer();
    await waitForMail(dataDir, user.email, (m) => m.subject === 'Your Cuepoint password was changed');
  });

  it('exports the user\u2019s data as a JSON download without secrets', async () => {
    const user = await seedUser({ type: 'PODCASTER' });
    await seedPodcast(user.id, { title: 'Export Radio' });
    const res = await call('GET', '/api/user/export', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="cuepoint-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.body.account.email).toBe(user.email);
    expect(res.body.podcasts.map((p: { title: string }) => p.title)).toEqual(['Export Radio']);
    expect(JSON.stringify(res.body)).not.toMatch(/password_hash|argon2/);
  });

  it('deletes an account with the password and the typed word; it cannot sign in again', async () => {
    const user = await seedUser({ type: 'BRAND' });
    expect((await call('DELETE', '/api/user', { token: user.token, body: { password: PASSWORD, confirmation: 'delete' } })).body.errors.confirmation).toEqual([
      'Type DELETE to confirm.',
    ]);
    expect((await call('DELETE', '/api/user', { token: user.token, body: { password: 'nope', confirmation: 'DELETE' } })).status).toBe(422);
    expect((await call('DELETE', '/api/user', { token: user.token, body: { password: PASSWORD, confirmation: 'DELETE' } })).status).toBe(204);
    expect((await call('GET', '/api/user', { token: user.token })).status).toBe(401);
    await expect(signIn(user.email)).rejects.toThrow(/sign-in failed/);
    const { dataDir } = await testServer();
    await waitForMail(dataDir, user.email, (m) => m.subject === 'Your Cuepoint account was deleted');
    // The address is free for a new account.
    expect((await (await getDb()).select().from(users).where(eq(users.email, user.email))).length).toBe(0);
  });
});

describe('changing a podcast\u2019s feed address', () => {
  it('reads the new feed, takes its owner email and asks for verification again', async () => {
    const owner = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await seedPodcast(owner.id, { title: 'Side Quest Founders', verified: true });
    const { allowedFetchPort } = await testServer();
    const feed = readFileSync(new URL('../fixtures/feeds/buzzsprout.xml', import.meta.url));
    const server = createServer((req, res) =>
      req.url === '/feed.xml' ? res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feed) : res.writeHead(404).end(),
    );
    await new Promise<void>((resolve) => server.listen(allowedFetchPort, '127.0.0.1', resolve));
    try {
      const missing = await call('PUT', `/api/podcasts/${podcast.id}`, { token: owner.token, body: { url: `http://127.0.0.1:${allowedFetchPort}/gone.xml` } });
      expect(missing.status).toBe(422);
      expect(missing.body.errors.url).toEqual(['The feed answered with HTTP status 404.']);
      expect((await call('PUT', `/api/podcasts/${podcast.id}`, { token: owner.token, body: { url: 'not a url' } })).body.errors.url).toBeDefined();

      const url = `http://127.0.0.1:${allowedFetchPort}/feed.xml`;
      const moved = await call('PUT', `/api/podcasts/${podcast.id}`, { token: owner.token, body: { url } });
      expect(moved.status).toBe(200);
      expect(moved.body.data).toMatchObject({ url, verified_at: null });
      const [row] = await (await getDb()).select().from(podcasts).where(eq(podcasts.id, podcast.id));
      expect(row!.email).toBe('priya@sidequestfounders.fm');
      // Re-verification mails the owner email of the new feed.
      expect((await call('POST', `/api/podcasts/${podcast.id}/verification`, { token: owner.token })).status).toBe(200);
      const { dataDir } = await testServer();
      await waitForMail(dataDir, 'priya@sidequestfounders.fm');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('keeps a hosted show\u2019s original address', async () => {
    const owner = await seedUser({ type: 'PODCASTER', hosted: true });
    const [hosted] = await (await getDb()).select().from(podcasts).where(eq(podcasts.user_id, owner.id));
    const res = await call('PUT', `/api/podcasts/${hosted!.id}`, { token: owner.token, body: { url: 'https://feeds.example.com/elsewhere.xml' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.url[0]).toMatch(/hosted on Cuepoint/);
  });
});
