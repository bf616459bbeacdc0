import { expect, test, type Page } from '@playwright/test';
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hydrated, signInAs } from './helpers';

const artifacts = fileURLToPath(new URL('../.artifacts/media/', import.meta.url));
const TONE = fileURLToPath(new URL('../fixtures/audio/tone.mp3', import.meta.url));
const MB = 1024 * 1024;

/** Writes a real 120 MB PDF-headed file (the server checks the %PDF- signature) in 8 MB writes. */
function bigPdf(): string {
  mkdirSync(artifacts, { recursive: true });
  const path = `${artifacts}/season-media-kit.pdf`;
  const fd = openSync(path, 'w');
  const block = Buffer.alloc(8 * MB, 0x20);
  for (let i = 0; i < block.length; i += 4093) block[i] = (i * 7) % 251;
  const header = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  header.copy(block, 0);
  writeSync(fd, block);
  block.fill(0x20, 0, header.length);
  for (let written = 8 * MB; written < 120 * MB; written += 8 * MB) writeSync(fd, block);
  closeSync(fd);
  return path;
}

async function openKit(page: Page) {
  await signInAs(page, 'podcaster@cuepoint.test', undefined, '/dev/kit');
  await expect(page).toHaveURL(/\/dev\/kit$/);
  await hydrated(page);
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'startup_popup', value: '1', url: baseURL! }]);
});

test('[MEDIA]: uploads a 120 MB file in two 100 MB-at-most chunks and shows it uploaded; a wrong type shows the red message', async ({ page }) => {
  test.setTimeout(180_000);
  const file = bigPdf();
  await openKit(page);
  const ranges: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/files') && req.method() === 'POST') ranges.push(req.headers()['content-range'] ?? '');
  });

  await page.getByLabel('Attach files').setInputFiles(file);
  const item = page.getByRole('listitem').filter({ hasText: 'season-media-kit.pdf' });
  await expect(item).toHaveAttribute('data-state', 'uploading');
  await expect(item).toHaveAttribute('data-state', 'success', { timeout: 150_000 });
  await expect(item).toContainText('Uploaded');
  expect(ranges).toEqual([`bytes 0-${100 * MB - 1}/${120 * MB}`, `bytes ${100 * MB}-${120 * MB - 1}/${120 * MB}`]);
  await expect(item.getByRole('link', { name: 'season-media-kit.pdf' })).toHaveAttribute('href', /^\/api\/file\/\d+$/);

  // A file of another type: the item turns red with the supported-types message and can be removed.
  await page.getByLabel('Attach files').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('show notes') });
  const wrong = page.getByRole('listitem').filter({ hasText: 'notes.txt' });
  await expect(wrong).toHaveAttribute('data-state', 'error');
  await expect(wrong.getByRole('alert')).toHaveText('Only supported file types allowed: pdf, mp3, mp4, png, jpeg');
  await wrong.getByRole('button', { name: 'Remove notes.txt' }).click();
  await expect(wrong).toHaveCount(0);
  await expect(item).toBeVisible();
});

test('[MEDIA]: an uploaded mp3 is processed and plays with its stored waveform', async ({ page }) => {
  await openKit(page);
  await page.getByLabel('Attach files').setInputFiles(TONE);
  await expect(page.getByRole('listitem').filter({ hasText: 'tone.mp3' }).first()).toHaveAttribute('data-state', 'success');

  const player = page.getByRole('group', { name: 'tone.mp3' }).first();
  await expect(async () => {
    await page.reload();
    await hydrated(page);
    await expect(player).toHaveAttribute('data-waveform', 'stored', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await player.scrollIntoViewIfNeeded();
  await expect(player).toHaveAttribute('data-state', 'ready');
  await expect(player.locator('canvas').first()).toBeAttached();
  await expect(player).toContainText('0:03');

  await player.getByRole('button', { name: 'Play tone.mp3' }).click();
  await expect(player).toHaveAttribute('data-state', 'playing');
  await expect(player.getByTestId('audio-time')).not.toHaveText('0:00');
  await player.getByRole('button', { name: 'Pause tone.mp3' }).click();
  await expect(player).toHaveAttribute('data-state', 'paused');
});

test('[MEDIA]: writes, formats and sends editor content that survives a reload', async ({ page }) => {
  await openKit(page);
  const editor = page.getByRole('textbox', { name: 'Note' });
  const counter = page.locator('.cp-editor__counter');
  await editor.click();

  // Past the maximum the counter turns red, and typing is not blocked.
  await page.keyboard.insertText('x'.repeat(505));
  await expect(counter).toHaveText('505/500');
  await expect(counter).toHaveAttribute('data-over', 'true');
  await page.keyboard.type('y');
  await expect(counter).toHaveText('506/500');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await expect(counter).toHaveText('0/500');

  await page.keyboard.type('Host read for ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Trailhead Coffee');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' with `cold brew` ');
  // A link from the toolbar's icon button (issue 37): the typed address gets https://.
  await page.getByRole('button', { name: 'Link' }).click();
  const address = page.getByLabel('Link address');
  await address.fill('cuepoint.test/help');
  await address.press('Enter');
  await expect(editor.locator('a[href="https://cuepoint.test/help"]')).toHaveText('cuepoint.test/help');
  await page.keyboard.press('Enter');
  await page.keyboard.type('``` ');
  await page.keyboard.type('promo code RUN20');
  await expect(editor.locator('strong')).toHaveText('Trailhead Coffee');
  await expect(editor.locator('p code')).toHaveText('cold brew');
  await expect(editor.locator('pre')).toHaveText('promo code RUN20');

  await page.getByRole('button', { name: 'View source' }).click();
  const source = page.getByRole('textbox', { name: 'Note source' });
  await expect(source).toHaveAttribute('readonly', '');
  await expect(source).toHaveValue(/<strong>Trailhead Coffee<\/strong>/);
  await page.getByRole('button', { name: 'View source' }).click();
  await expect(editor).toBeVisible();

  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('region', { name: 'Rich text' }).getByRole('status')).toHaveText('Note sent.');

  await page.reload();
  await hydrated(page);
  const saved = page.getByLabel('Saved note');
  await expect(saved.locator('strong')).toHaveText('Trailhead Coffee');
  await expect(saved.locator('code').first()).toHaveText('cold brew');
  await expect(saved.locator('pre')).toHaveText('promo code RUN20');
  await expect(page.getByRole('textbox', { name: 'Note' }).locator('strong')).toHaveText('Trailhead Coffee');
});
