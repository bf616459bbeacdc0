/**
 * The test-only kit page's saved editor content (APP_ENV=test): sanitised HTML kept per user under
 * DATA_DIR/dev, so the browser test proves a server round trip without a table of its own.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { config } from '../../config';
import { notFound } from '../../http';
import { sanitizeHtml } from './sanitize-html';

/** 404 outside the test environment: production never serves the kit. */
export function requireTestEnv(): void {
  if (config().env !== 'test') throw notFound();
}

function notePath(userId: number): string {
  return join(config().dataDir, 'dev', `kit-note-${userId}.html`);
}

/** The user's saved note ('' when none). */
export async function readKitNote(userId: number): Promise<string> {
  requireTestEnv();
  return readFile(notePath(userId), 'utf8').catch(() => '');
}

/** Sanitises and saves the user's note; answers what was stored. */
export async function saveKitNote(userId: number, html: string): Promise<string> {
  requireTestEnv();
  const clean = sanitizeHtml(html);
  await mkdir(join(config().dataDir, 'dev'), { recursive: true });
  await writeFile(notePath(userId), clean);
  return clean;
}
