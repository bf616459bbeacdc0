import { mkdirSync } from 'node:fs';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { hydrated, signedInContext } from './helpers';

// Issue 37, items 1 and 2: a live, roomy workroom. Northwind Bikes (growth@northwindbikes.example) and
// Backcountry Kitchen (studio@backcountrykitchen.example) make a deal for "Gravel Season Giveaway"; every
// step, made on one side, shows on the other side's open pages (and the acting side's other tab) without a
// reload: the thread's system lines, the delivery panel, the room list's preview and unread count, and
// the brand's top-bar counts. Then the layout: the thread is a log that takes most of the screen.

const SHOTS = process.env.WORKROOM_SHOTS ?? '/tmp/shots-workroom-live';

const bearer = async (context: BrowserContext) => ({ authorization: `Bearer ${(await context.cookies()).find((c) => c.name === 'access_token')!.value}` });

/** The delivery panel (a disclosure group headed "Delivery"). */
const panelOf = (page: Page) => page.getByRole('group').filter({ has: page.getByRole('heading', { name: 'Delivery' }) });
/** The conversation: a log region. */
const logOf = (page: Page) => page.getByRole('log', { name: 'Conversation' });
/** A count of the brand's top bar ("Pending Reviews", "Completed"). */
const topCount = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Campaign activity' }).getByRole('link', { name: new RegExp(`^\\d+\\s*${label}$`) });
const counted = (n: number, label: string) => new RegExp(`^${n}\\s*${label}$`);

async function heightOf(locator: Locator): Promise<number> {
  return (await locator.boundingBox())!.height;
}

test('[WORKROOMS]: a deal shows live on both sides, in a workroom whose thread has the room', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const brandContext = await signedInContext(browser, baseURL!, 'growth@northwindbikes.example');
  const podContext = await signedInContext(browser, baseURL!, 'studio@backcountrykitchen.example');
  const brandApi = async (method: 'get' | 'post', path: string, data?: unknown) =>
    brandContext.request[method](path, { headers: await bearer(brandContext), ...(data === undefined ? {} : { data }) });
  const podApi = async (method: 'get' | 'post', path: string, data?: unknown) =>
    podContext.request[method](path, { headers: await bearer(podContext), ...(data === undefined ? {} : { data }) });

  // The brand has its workroom list open, and a second tab on its campaigns (the top bar's counts).
  const brand = await brandContext.newPage();
  await brand.goto('/workrooms');
  await hydrated(brand);
  const brandTab2 = await brandContext.newPage();
  await brandTab2.goto('/campaigns');
  await hydrated(brandTab2);
  const pendingBefore = Number((await topCount(brandTab2, 'Pending Reviews').textContent())!.match(/\d+/)![0]);

  // 1. Proposed: the podcaster sends a proposal; the brand's list shows the new room with its preview, unread.
  const podcast = ((await (await podApi('get', '/api/initialize')).json()).data.podcasts as { id: number; title: string }[]).find(
    (p) => p.title === 'Backcountry Kitchen',
  )!;
  const campaign = ((await (await podApi('get', `/api/v0/campaigns?podcast_id=${podcast.id}`)).json()).data as Array<Record<string, unknown>>)
    .map((c) => (c.campaign ?? c) as { id: number; title: string; ads: { id: number; type: string }[] })
    .find((c) => c.title === 'Gravel Season Giveaway')!;
  const slots = ((await (await podApi('get', `/api/slots?podcast_id=${podcast.id}`)).json()).data as { date: string; type: string; status: string }[]).filter(
    (s) => s.type === 'sponsorship' && s.status === 'available',
  );
  const proposal = await podApi('post', `/api/v0/campaign/${campaign.id}/proposal/create`, {
    podcast_id: podcast.id,
    description: '<p>A trail-cooking mid-roll for riders who camp.</p>',
    jobs: [{ campaign_ad_id: campaign.ads.find((a) => a.type === 'sponsorship')!.id, fee: 30_000, episodes: 1, dates: [slots[3]!.date] }],
  });
  expect(proposal.status(), await proposal.text()).toBe(201);
  const pkg = (await proposal.json()).data as { id: number; jobs: { id: number }[] };
  const jobId = pkg.jobs[0]!.id;
  const roomLink = (await (await podApi('get', `/api/packages/${pkg.id}/discussion`)).json()).data.discussion.link as string;
  const listed = brand.getByRole('link', { name: /Backcountry Kitchen.*Gravel Season Giveaway/ });
  await expect(listed).toContainText('New proposal from Backcountry Kitchen');
  await expect(listed).toContainText(/unread/);

  // Both open the room.
  await listed.click();
  await expect(brand).toHaveURL(new RegExp(`${roomLink}$`));
  await hydrated(brand);
  const pod = await podContext.newPage();
  await pod.goto(roomLink);
  await hydrated(pod);
  await expect(pod.getByRole('list', { name: 'Members' })).toContainText('online');

  // 2. Hired (through the API, as the hiring screen has its own test): both threads and both panels show it.
  const hired = await brandApi('post', '/api/brand/hirings', { job_ids: [jobId] });
  expect(hired.status()).toBe(201);
  const hiringId = (await hired.json()).data[0].id as number;
  for (const page of [pod, brand]) {
    await expect(logOf(page).getByText(/Northwind Bikes hired Backcountry Kitchen for 1 ad, \$300 in all/)).toBeVisible();
    await expect(panelOf(page)).toContainText('Waiting for funding');
  }

  // 3. Funded: the podcaster's panel says In progress and "Submit ad for review" appears.
  const cards = (await (await brandApi('get', '/api/cards')).json()).data as { id: number }[];
  expect((await brandApi('post', '/api/hirings/fund', { hiring_ids: [hiringId], card_id: cards[0]!.id })).status()).toBe(200);
  await expect(logOf(pod).getByText(/Northwind Bikes funded the hire: \$300 is held by Cuepoint/)).toBeVisible();
  await expect(panelOf(pod)).toContainText('In progress');
  await expect(pod.getByRole('button', { name: 'Submit ad for review' })).toBeVisible();

  // 4. The air date moves: the brand's thread says so, and the job is named by its new date.
  const moved = slots[1]!.date;
  const movedName = `Sponsorship · ${new Date(`${moved}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' })}`;
  expect((await podApi('post', `/api/podcaster/packages/${pkg.id}/jobs/${jobId}/delivery-dates`, { publish_date: moved })).status()).toBe(200);
  await expect(logOf(brand).getByText(/Backcountry Kitchen moved the Sponsorship air date from .* to /)).toBeVisible();
  await expect(panelOf(brand)).toContainText(movedName);

  // 5. Submitted (in the podcaster's browser): the brand gets the ad to review, and both brand tabs count it.
  await pod.getByRole('button', { name: 'Submit ad for review' }).click();
  const dialog = pod.getByRole('dialog', { name: 'Submit ad for review' });
  await expect(dialog.getByLabel('Ad', { exact: true })).toContainText(movedName);
  await dialog.getByLabel('Ad audio').setInputFiles('tests/fixtures/audio/tone.mp3');
  await expect(dialog.getByRole('list', { name: 'Uploads' }).getByRole('listitem')).toHaveAttribute('data-state', 'success');
  await dialog.getByRole('button', { name: 'Send for review' }).click();
  await expect(dialog).toBeHidden();
  const review = brand.locator('.msg', { hasText: 'ready for your review' });
  await expect(review.getByRole('button', { name: 'Approve ad' })).toBeVisible();
  await expect(review).toContainText(movedName);
  await expect(panelOf(brand)).toContainText('In review');
  await expect(topCount(brandTab2, 'Pending Reviews')).toHaveText(counted(pendingBefore + 1, 'Pending Reviews'));
  await expect(topCount(brand, 'Pending Reviews')).toHaveText(counted(pendingBefore + 1, 'Pending Reviews'));
  await expect(pod.getByRole('button', { name: 'Submit ad for review' })).toHaveCount(0);

  // 5b. Changes requested (in the brand's browser): the podcaster's thread, panel and review follow, and can submit again.
  await review.getByRole('button', { name: 'Request changes' }).click();
  const changes = brand.getByRole('dialog', { name: 'Request changes to this ad?' });
  await changes.getByLabel('What should change?').fill('Say the code slower, please.');
  await changes.getByRole('button', { name: 'Request changes' }).click();
  await expect(logOf(pod).getByText(/Northwind Bikes asked for changes to the ad\. “Say the code slower, please\.”/)).toBeVisible();
  await expect(panelOf(pod)).toContainText('Changes asked');
  await expect(pod.locator('.msg', { hasText: 'ready for your review' })).toContainText('Changes requested');
  await expect(topCount(brandTab2, 'Pending Reviews')).toHaveText(counted(pendingBefore, 'Pending Reviews'));
  await pod.getByRole('button', { name: 'Submit ad for review' }).click();
  await expect(dialog.getByLabel('Ad', { exact: true })).toContainText('changes requested');
  await dialog.getByLabel('Ad audio').setInputFiles('tests/fixtures/audio/tone.mp3');
  await expect(dialog.getByRole('list', { name: 'Uploads' }).getByRole('listitem')).toHaveAttribute('data-state', 'success');
  await dialog.getByRole('button', { name: 'Send for review' }).click();
  await expect(dialog).toBeHidden();
  const second = brand.locator('.msg', { hasText: 'ready for your review' }).filter({ has: brand.getByRole('button', { name: 'Approve ad' }) });
  await expect(second).toHaveCount(1);
  await expect(panelOf(brand)).toContainText('In review');
  await expect(topCount(brandTab2, 'Pending Reviews')).toHaveText(counted(pendingBefore + 1, 'Pending Reviews'));

  // 6. Approved (in the brand's browser): the podcaster's panel and thread follow; the count goes back.
  await second.getByRole('button', { name: 'Approve ad' }).click();
  await brand.getByRole('dialog', { name: 'Approve this ad?' }).getByRole('button', { name: 'Approve ad' }).click();
  await expect(logOf(pod).getByText(/Northwind Bikes approved the ad/)).toBeVisible();
  await expect(panelOf(pod)).toContainText('In progress');
  await expect(pod.locator('.msg', { hasText: 'ready for your review' }).last()).toContainText('Approved');
  await expect(topCount(brandTab2, 'Pending Reviews')).toHaveText(counted(pendingBefore, 'Pending Reviews'));

  // System lines are formatted text, never tags.
  await expect(logOf(pod)).not.toContainText('<p>');
  await expect(logOf(brand)).not.toContainText('<p>');

  // Layout at 1280×800: the conversation is a log and the largest thing on screen, the newest line in view.
  for (const page of [brand, pod]) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(300);
    expect(await heightOf(logOf(page))).toBeGreaterThanOrEqual(0.6 * 800);
    await expect(logOf(page).locator('.msg').last()).toBeInViewport();
  }
  await brand.screenshot({ path: `${SHOTS}/workroom-brand-1280.png` });
  await pod.screenshot({ path: `${SHOTS}/workroom-podcaster-1280.png` });

  // The composer grows with its text, up to a cap; the thread keeps most of the height.
  const editor = pod.getByRole('textbox', { name: 'Message' });
  const oneLine = await heightOf(editor);
  await editor.click();
  for (let i = 0; i < 3; i++) await editor.press('Shift+Enter');
  const fourLines = await heightOf(editor);
  expect(fourLines).toBeGreaterThan(oneLine + 30);
  for (let i = 0; i < 20; i++) await editor.press('Shift+Enter');
  const capped = await heightOf(editor);
  expect(capped).toBeLessThanOrEqual(0.3 * 800 + 1);
  await pod.keyboard.press('Control+A');
  await pod.keyboard.press('Backspace');

  // Layout at 375×812: the panel is one line that opens on tap; the thread fills the rest.
  for (const page of [brand, pod]) {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await hydrated(page);
    const panel = panelOf(page);
    await expect(panel).toBeVisible();
    await expect(panel).not.toHaveAttribute('open');
    expect(await heightOf(panel)).toBeLessThanOrEqual(56);
    expect(await heightOf(logOf(page))).toBeGreaterThanOrEqual(0.5 * 812);
    await expect(logOf(page).locator('.msg').last()).toBeInViewport();
  }
  await brand.screenshot({ path: `${SHOTS}/workroom-brand-375.png` });
  await pod.screenshot({ path: `${SHOTS}/workroom-podcaster-375.png` });
  await panelOf(pod).getByText('Delivery', { exact: true }).click();
  await expect(panelOf(pod)).toHaveAttribute('open', '');
  await expect(panelOf(pod)).toContainText(movedName);
  await pod.screenshot({ path: `${SHOTS}/workroom-podcaster-375-panel-open.png` });

  // 7. Cancelled and refunded (the brand, from its hires): both sides' threads and panels follow.
  expect((await brandApi('post', `/api/brand/jobs/${jobId}/cancel`)).status()).toBe(200);
  await expect(logOf(pod).getByText(/Northwind Bikes cancelled an ad \(\$300\) before it aired/)).toBeVisible();
  await expect(logOf(brand).getByText(/\$300 was refunded to the brand/)).toBeVisible();
  await expect(panelOf(brand)).toContainText('Dropped');

  await brandContext.close();
  await podContext.close();
});
