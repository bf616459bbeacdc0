/**
 * Changes a hosted podcast: the onboarding choices (PATCH /api/podcasts/hosted/{id} and the hosting
 * service's PATCH /podcast) and the feed settings (POST /api/podcasts/hosted/{id}/feed).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, categories, hostedPodcasts } from '../db';
import { fieldError } from '../http';
import { isBlankHtml, sanitizeHtml, serializeHosted } from '../podcasts';
import type { HostedPodcastPayload } from '../../types';
import { findOwnedHosted } from './owned-hosted';
import { DIRECTORY_KEYS, DIRECTORY_STATUSES, type DirectoryState } from '../../hosting-directories';
import { publishHostedPodcastUpdated } from './events';
import { APPLE_CATEGORIES, appleCategoryOf, isAppleCategory } from '../../apple-categories';
import { randomToken } from '../crypto';
import { removeMedia, saveMedia } from './media-storage';
import { ownUpload } from './uploaded-file';
import { movedSettings } from './leave-hosting';
import { REDIRECT_PROVIDERS } from '../../hosting-rules';

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
    /** Leaving: the show's feed on its new host (https), or null to stay. */
    moved_to: z
      .union([
        z
          .string()
          .trim()
          .max(2000, 'The new feed address may not be longer than 2,000 characters.')
          .refine((v) => /^https?:\/\/\S+$/i.test(v) && URL.canParse(v), 'Enter the full address of your new feed, starting with https://.'),
        z.null(),
      ])
      .optional(),
    /** Leaving although files are still on the old host or the onboarding is unfinished (the refusal named them). */
    leave_anyway: z.boolean().optional(),
  })
  .strict();
export type HostedPatch = z.infer<typeof hostedPatchSchema>;

const httpsUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, `The ${label} may not be longer than 2,000 characters.`)
    .refine((v) => v === '' || (/^https?:\/\/\S+$/i.test(v) && URL.canParse(v)), `Enter the full ${label}, starting with https://.`);

/** Podcasting 2.0 podcast:medium values a show can choose. */
export const MEDIUMS = ['podcast', 'music', 'video', 'film', 'audiobook', 'newsletter', 'blog'] as const;

export const feedSettingsSchema = z.object({
  title: z.string().trim().min(1, 'The title is required.').max(255, 'The title may not be longer than 255 characters.').optional(),
  description: z.string().trim().max(4000, 'The description may not be longer than 4,000 characters.').optional(),
  link: httpsUrl('website address').optional(),
  author: z.string().trim().max(255, 'The author may not be longer than 255 characters.').optional(),
  owner_name: z.string().trim().max(255, 'The owner name may not be longer than 255 characters.').optional(),
  owner_email: z.email('Enter a valid email address.').optional(),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'Use a language code such as en or en-us.')
    .optional(),
  explicit: z.boolean().optional(),
  copyright: z.string().trim().max(255, 'The copyright may not be longer than 255 characters.').optional(),
  type: z.enum(['episodic', 'serial'], { error: 'Choose episodic or serial.' }).optional(),
  category_id: z.union([z.coerce.number().int().positive('The selected category is invalid.'), z.null()]).optional(),
  /** An Apple category, with one of its subcategories or none. */
  category: z.string().trim().max(100).optional(),
  subcategory: z.union([z.string().trim().max(100), z.null()]).optional(),
  medium: z.enum(MEDIUMS, { error: 'Choose one of the listed media.' }).optional(),
  funding_url: httpsUrl('support page address').optional(),
  funding_text: z.string().trim().max(128, 'The support link text may not be longer than 128 characters.').optional(),
  /** An uploaded PNG or JPEG (files domain) that becomes the show's artwork. */
  artwork_file_id: z.coerce.number().int().positive('Upload the artwork again.').optional(),
});
export type FeedSettings = z.infer<typeof feedSettingsSchema>;

/** Saves onboarding choices, directory listings (merged per directory) and a move away (moved_to) into the hosted podcast's settings. */
export async function updateHosted(user: { id: number }, hostedId: number, patch: HostedPatch): Promise<HostedPodcastPayload> {
  const { hosted } = await findOwnedHosted(user.id, hostedId);
  const db = await getDb();
  const { platforms, moved_to, leave_anyway, ...choices } = patch;
  const base = moved_to === undefined ? hosted.settings : await movedSettings(hosted, moved_to, new Date(), leave_anyway === true);
  const settings: Record<string, unknown> = { ...base, ...choices };
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

/** Saves the feed settings that override what was imported (description sanitised, category checked, artwork copied). */
export async function updateFeedSettings(user: { id: number }, hostedId: number, input: FeedSettings): Promise<HostedPodcastPayload> {
  const { hosted, podcast } = await findOwnedHosted(user.id, hostedId);
  const db = await getDb();
  const { category, subcategory, artwork_file_id, ...rest } = input;
  const clean: Record<string, unknown> = { ...rest };
  if (rest.description !== undefined) {
    clean.description = isBlankHtml(rest.description) ? '' : sanitizeHtml(rest.description);
    if ((clean.description as string).length > 4000) throw fieldError('description', 'The description may not be longer than 4,000 characters.');
  }
  if (rest.category_id != null) {
    const [cat] = await db.select({ id: categories.id, title: categories.title }).from(categories).where(eq(categories.id, rest.category_id));
    if (!cat) throw fieldError('category_id', 'The selected category is invalid.');
    // A catalogue category is written as the Apple category of that name, unless one is chosen below.
    if (category === undefined) clean.itunes_category = appleCategoryOf(cat.title);
  }
  if (category !== undefined) {
    const pair = { category, subcategory: subcategory || null };
    if (!isAppleCategory(pair)) {
      throw APPLE_CATEGORIES[category]
        ? fieldError('subcategory', `Choose a subcategory of ${category}, or none.`)
        : fieldError('category', 'Choose one of Apple Podcasts’ categories.');
    }
    clean.itunes_category = pair;
  }
  if (artwork_file_id !== undefined) {
    const upload = await ownUpload(user.id, artwork_file_id, 'artwork_file_id', 'image');
    const previous = (hosted.settings.feed as { artwork?: string } | undefined)?.artwork;
    clean.artwork = (await saveMedia(podcast.hash_id, `show-art-${randomToken(6)}${upload.ext}`, { key: upload.key })).url;
    await removeMedia(podcast.hash_id, previous);
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
