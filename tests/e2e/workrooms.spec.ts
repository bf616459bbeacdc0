import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { hydrated, signedInContext } from './helpers';
import { PORTS } from '../../playwright.config';

// This spec runs twice (playwright.config.ts projects): with the embedded realtime server on the product's
// own port, and with the product pointed at a standalone Pusher-protocol server through PUSHER_*.
const expectedRealtimePort = () => (test.info().project.name === 'external-realtime' ? PORTS.realtime : Number(new URL(test.info().project.use.baseURL!).port));

/** A browser context signed in as a demo user through the token endpoint (cookies as the web client stores them). */

/** Opens a workroom and waits until its realtime channels are joined (the other member's presence shows). */
async function openRoom(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
}

test('[WORKROOMS]: a brand and a podcaster chat live: typing, a message, a file, and what an offline side missed', async ({ browser, baseURL }) => {
  const brandContext = await signedInContext(browser, baseURL!, 'brand@cuepoint.test');
  const podContext = await signedInContext(browser, baseURL!, 'podcaster@cuepoint.test');
  const brand = await brandContext.newPage();
  const pod = await podContext.newPage();
  const sockets: string[] = [];
  brand.on('websocket', (ws) => sockets.push(ws.url()));

  // The brand finds the Autumn Roast workroom in the list; the podcaster opens the same one.
  await brand.goto('/workrooms');
  await hydrated(brand);
  // (Other specs may add proposals to the same campaign: pick the demo podcaster's room.)
  await brand.getByRole('link', { name: /Second Wind Running.*Autumn Roast Launch/ }).click();
  await expect(brand).toHaveURL(/\/workrooms\/package\/\d+$/);
  const roomPath = new URL(brand.url()).pathname;
  await hydrated(brand);
  await openRoom(pod, roomPath);

  // The realtime connection goes where PUSHER_* (or the embedded default) says.
  await expect.poll(() => sockets.find((u) => u.includes('/app/'))).toBeTruthy();
  expect(new URL(sockets.find((u) => u.includes('/app/'))!).port).toBe(String(expectedRealtimePort()));

  // The demo ad waits for the brand's review.
  await expect(brand.getByRole('button', { name: 'Approve ad' })).toBeVisible();
  await expect(pod.getByRole('button', { name: 'Approve ad' })).toHaveCount(0);

  // Both sides see each other online (presence).
  await expect(brand.getByRole('list', { name: 'Members' })).toContainText('Jordan Reyes, online');
  await expect(pod.getByRole('list', { name: 'Members' })).toContainText('Trailhead Coffee Co., online');

  // Typing in the rich-text editor shows on the other side.
  const podEditor = pod.getByRole('textbox', { name: 'Message' });
  await podEditor.pressSequentially('See you at the race', { delay: 30 });
  await expect(brand.getByRole('status').filter({ hasText: 'Jordan Reyes is typing…' })).toBeVisible();

  // A formatted message appears on the other side, and the indicator goes away.
  await podEditor.pressSequentially(' expo on ');
  await pod.getByRole('toolbar', { name: 'Message formatting' }).getByRole('button', { name: 'Bold' }).click();
  await podEditor.pressSequentially('Saturday');
  await pod.getByRole('toolbar', { name: 'Message formatting' }).getByRole('button', { name: 'Bold' }).click();
  await podEditor.pressSequentially('!');
  await pod.getByRole('button', { name: 'Send' }).click();
  const received = brand.locator('.msg__text', { hasText: 'See you at the race expo on Saturday!' });
  await expect(received).toBeVisible();
  await expect(received.locator('strong')).toHaveText('Saturday');
  await expect(brand.getByRole('status').filter({ hasText: 'is typing' })).toHaveCount(0);
  // The composer is empty again after the send.
  await expect(podEditor).toHaveText('');
  // It was seen: the podcaster's message says so.
  await expect(pod.getByText('Seen by Maya')).toBeVisible();

  // A file goes through the uploader (the editor's Attach) and appears on the other side.
  const chooser = brand.waitForEvent('filechooser');
  await brand.getByRole('toolbar', { name: 'Message formatting' }).getByRole('button', { name: 'Attach' }).click();
  await (await chooser).setFiles({ name: 'expo-booth-map.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% booth map\n%%EOF\n') });
  const item = brand.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: 'expo-booth-map.pdf' });
  await expect(item).toHaveAttribute('data-state', 'success');
  await expect(item).toContainText('Uploaded');
  await brand.getByRole('textbox', { name: 'Message' }).fill('Booth map for Saturday');
  await brand.getByRole('button', { name: 'Send' }).click();
  const attachment = pod.getByRole('link', { name: 'expo-booth-map.pdf', exact: true });
  await expect(attachment).toBeVisible();
  await expect(pod.locator('.msg__text', { hasText: 'Booth map for Saturday' })).toBeVisible();
  // The member opens it through the files endpoint; the sent attachment left the brand's composer.
  const href = await attachment.getAttribute('href');
  expect(href).toMatch(/^\/api\/file\/\d+$/);
  const download = await pod.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  await expect(brand.getByRole('list', { name: 'Uploads' })).toHaveCount(0);

  // The podcaster drops off; a message is sent meanwhile; back online it shows up.
  await podContext.setOffline(true);
  // Typed key by key, as a person types (ProseMirror once dropped a `fill` here under CI load), and
  // checked in the editor before sending.
  const brandEditor = brand.getByRole('textbox', { name: 'Message' });
  await brandEditor.click();
  await brandEditor.pressSequentially('Sent while you were offline: bring the Ember samples.');
  await expect(brandEditor).toHaveText('Sent while you were offline: bring the Ember samples.');
  await brand.getByRole('button', { name: 'Send' }).click();
  await expect(brand.locator('.msg__text', { hasText: 'Sent while you were offline' })).toBeVisible();
  await podContext.setOffline(false);
  await expect(pod.locator('.msg__text', { hasText: 'Sent while you were offline: bring the Ember samples.' })).toBeVisible();

  // The podcaster's bell counts the brand's messages live.
  await expect(pod.getByRole('button', { name: /^Notifications, [1-9]\d* new notifications?$/ })).toBeVisible();

  await brandContext.close();
  await podContext.close();
});

test('[WORKROOMS]: the Workrooms badge and the bell update live, and a bell click opens the workroom and marks it read', async ({ browser, baseURL }) => {
  const brandContext = await signedInContext(browser, baseURL!, 'brand@cuepoint.test');
  const podContext = await signedInContext(browser, baseURL!, 'podcaster@cuepoint.test');
  const brand = await brandContext.newPage();
  const pod = await podContext.newPage();
  await pod.goto('/completed-ads');
  await hydrated(pod);
  await expect(pod.getByRole('heading', { name: 'Completed Ads' })).toBeVisible();
  await expect(pod.getByRole('main').getByText(/Autumn Roast Launch/)).toBeVisible();
  const badge = pod.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Workrooms/ });
  const before = Number((await badge.textContent())?.match(/\d+/)?.[0] ?? 0);

  // The brand writes in the Cold Brew sponsorship workroom.
  await brand.goto('/workrooms');
  await hydrated(brand);
  await brand
    .getByRole('link', { name: /Cold Brew Kit Spring Push/ })
    .and(brand.locator('[href^="/workrooms/sponsorship/"]'))
    .click();
  await hydrated(brand);
  await brand.getByRole('textbox', { name: 'Message' }).fill('Race week it is. Sending a kit to your studio.');
  await brand.getByRole('button', { name: 'Send' }).click();

  await expect(badge).toContainText(`${before + 1} unread`);
  const bell = pod.getByRole('button', { name: /^Notifications, / });
  await expect(bell).toHaveAccessibleName(/[1-9]\d* new notifications?/);
  await bell.click();
  const item = pod.getByRole('link', { name: /New message from Trailhead Coffee Co\./ }).first();
  await expect(item).toContainText('Race week it is.');
  await item.click();
  await expect(pod).toHaveURL(/\/workrooms\/sponsorship\/\d+$/);
  await hydrated(pod);
  await expect(pod.locator('.msg__text', { hasText: 'Race week it is.' })).toBeVisible();
  // Opening it read the room: the badge is back to what it was (an empty badge for 0).
  const after = pod.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Workrooms/ });
  if (before === 0) await expect(after).not.toContainText('unread');
  else await expect(after).toContainText(`${before} unread`);

  await brandContext.close();
  await podContext.close();
});

test('[WORKROOMS]: the podcaster submits an ad through the uploader and the brand gets it live in the audio player', async ({ browser, baseURL }) => {
  const brandContext = await signedInContext(browser, baseURL!, 'brand@cuepoint.test');
  const podContext = await signedInContext(browser, baseURL!, 'podcaster@cuepoint.test');
  const bearer = async (context: BrowserContext) => ({ authorization: `Bearer ${(await context.cookies()).find((c) => c.name === 'access_token')!.value}` });

  // The brand hires the podcaster's pending Cold Brew proposal (the hiring screen has its own test).
  const list = await brandContext.request.get('/api/v0/packages', { headers: await bearer(brandContext) });
  const packages = (await list.json()).data as {
    id: number;
    status: string;
    podcast: { title: string };
    workroom_link: string;
    jobs: { id: number; status: string; is_declined: boolean }[];
  }[];
  const pkg = packages.find((p) => p.status === 'pending' && p.podcast.title === 'Second Wind Running')!;
  expect(pkg).toBeTruthy();
  const jobIds = pkg.jobs.filter((j) => j.status === 'pending' && !j.is_declined).map((j) => j.id);
  const hired = await brandContext.request.post('/api/brand/hirings', { headers: await bearer(brandContext), data: { job_ids: jobIds } });
  expect(hired.ok()).toBe(true);
  // Funded with a test card (the funding screen has its own test): only a funded job takes an ad.
  // The demo brand's saved test card (seed/payments.ts).
  const cards = (await (await brandContext.request.get('/api/cards', { headers: await bearer(brandContext) })).json()).data as { id: number }[];
  const hiringIds = ((await hired.json()).data as { id: number }[]).map((h) => h.id);
  const funded = await brandContext.request.post('/api/hirings/fund', {
    headers: await bearer(brandContext),
    data: { hiring_ids: hiringIds, card_id: cards[0]!.id },
  });
  expect(funded.status()).toBe(200);

  const room = (await (await brandContext.request.get(`/api/packages/${pkg.id}/discussion`, { headers: await bearer(brandContext) })).json()).data
    .discussion as { link: string };

  const brand = await brandContext.newPage();
  const pod = await podContext.newPage();
  await openRoom(brand, room.link);
  await openRoom(pod, room.link);
  await expect(brand.getByRole('list', { name: 'Members' })).toContainText('Jordan Reyes, online');

  // The ad's audio goes through the uploader in the submit dialog.
  await pod.getByRole('button', { name: 'Submit ad for review' }).click();
  const dialog = pod.getByRole('dialog', { name: 'Submit ad for review' });
  await dialog.getByLabel('Ad audio').setInputFiles('tests/fixtures/audio/tone.mp3');
  await expect(dialog.getByRole('list', { name: 'Uploads' }).getByRole('listitem')).toHaveAttribute('data-state', 'success');
  await dialog.getByLabel('Note for the brand (optional)').fill('Cold brew read, recorded in the studio this morning.');
  await dialog.getByRole('button', { name: 'Send for review' }).click();
  await expect(dialog).toBeHidden();

  // The brand sees it at once, in the audio player, and can review it.
  const card = brand.locator('.msg', { hasText: 'Cold brew read, recorded in the studio this morning.' });
  await expect(card.getByRole('group', { name: 'tone.mp3' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Approve ad' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Play tone.mp3' })).toBeEnabled();

  await brandContext.close();
  await podContext.close();
});
