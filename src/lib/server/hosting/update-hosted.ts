/**
 * Changes a hosted podcast: the onboarding choices (PATCH /api/podcasts/hosted/{id} and the hosting
 * service's PATCH /podcast) and the feed settings (POST /api/podcasts/hosted/{id}/feed).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { categories, hostedPodcasts } from '../db/schema';
import { fieldError } from '../http';
import { isBlankHtml, sanitizeHtml } from '../content/sanitize-html';
import { serializeHosted } from '../podcasts/list-podcasts';
import type { HostedPodcastPayload } from '../../types';
import { findOwnedHosted } from './owned-hosted';
import { DIRECTORY_KEYS, DIRECTORY_STATUSES, type DirectoryState } from '../../hosting-directories';
import { publishHostedPodcastUpdated } from './events';

/** The redirect providers of the Setup redirect screen (hosting spec §2). */
export const REDIRECT_PROVIDERS = ['acast', 'anchor', 'buzzsprout', 'libsyn', 'podbean', 'rss', 'simplecast', 'spreaker', 'soundcloud', 'other'] as const;

export const hostedPatchSchema = z
  .object({
    payouts_skipped: z.boolean().optional(),
    redirect_provider: z.enum(REDIRECT_PROVIDERS, { error: 'Choose one of the listed providers.' }).optional(),
    platforms: z
      .partialRecord(
        z.enum(DIRECTORY_KEYS, { error: 'Choose one of the listed directories.' }),
        z.object({
          status: z.enum(DIRECTORY_STATUSES, { error: 'Choose not submitted, submitted or listed.' }),
          listing_url: z
            .string()
            .trim()
            .max(2000, 'The listing address may not be longer than 2,000 characters.')
            .refine((v) => v === '' || (/^https?:\/\/\S+$/i.test(v) && URL.canParse(v)), 'Enter the full address of your show’s page, starting with https://.')
            .nullable()
            .optional(),
        }),
      )
      .optional(),
  })
  .strict();
export type HostedPatch = z.infer<typeof hostedPatchSchema>;

export const feedSettingsSchema = z.object({
  title: z.string().trim().min(1, 'The title is required.').max(255, 'The title may not be longer than 255 characters.').optional(),
  description: z.string().trim().max(4000, 'The description may not be longer than 4,000 characters.').optional(),
  author: z.string().trim().max(255, 'The author may not be longer than 255 characters.').optional(),
  owner_email: z.email('Enter a valid email address.').optional(),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'Use a language code such as en or en-us.')
    .optional(),
  explicit: z.boolean().optional(),
  copyright: z.string().trim().max(255, 'The copyright may not be longer than 255 characters.').optional(),
  category_id: z.union([z.coerce.number().int().positive('The selected category is invalid.'), z.null()]).optional(),
});
export type FeedSettings = z.infer<typeof feedSettingsSchema>;

/** Saves onboarding choices and directory listings (merged per directory) into the hosted podcast's settings. */
export async function updateHosted(user: { id: number }, hostedId: number, patch: HostedPatch): Promise<HostedPodcastPayload> {
  const { hosted } = await findOwnedHosted(user.id, hostedId);
  const db = await getDb();
  const { platforms, ...choices } = patch;
  const settings: Record<string, unknown> = { ...hosted.settings, ...choices };
  if (platforms) {
    const now = new Date().toISOString();
    const current = (hosted.settings.platforms as Record<string, DirectoryState> | undefined) ?? {};
    const next: Record<string, DirectoryState> = { ...current };
    for (const [key, v] of Object.entries(platforms)) if (v) next[key] = { status: v.status, listing_url: v.listing_url || null, updated_at: now };
    settings.platforms = next;
  }
  const [saved] = await db.update(hostedPodcasts).set({ settings }).where(eq(hostedPodcasts.id, hosted.id)).returning();
  await publishHostedPodcastUpdated(saved!.id);
  return serializeHosted(saved!);
}

/** Saves the feed settings that override what was imported from the original feed (description sanitised, category checked). */
export async function updateFeedSettings(user: { id: number }, hostedId: number, input: FeedSettings): Promise<HostedPodcastPayload> {
  const { hosted } = await findOwnedHosted(user.id, hostedId);
  const db = await getDb();
  const clean: FeedSettings = { ...input };
  if (clean.description !== undefined) {
    clean.description = isBlankHtml(clean.description) ? '' : sanitizeHtml(clean.description);
    if (clean.description.length > 4000) throw fieldError('description', 'The description may not be longer than 4,000 characters.');
  }
  if (clean.category_id != null) {
    const [cat] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, clean.category_id));
    if (!cat) throw fieldError('category_id', 'The selected category is invalid.');
  }
  const feed = { ...((hosted.settings.feed as Record<string, unknown> | undefined) ?? {}), ...clean };
  const [saved] = await db
    .update(hostedPodcasts)
    .set({ settings: { ...hosted.settings, feed } })
    .where(eq(hostedPodcasts.id, hosted.id))
    .returning();
  await publishHostedPodcastUpdated(saved!.id);
  return serializeHosted(saved!);
}
