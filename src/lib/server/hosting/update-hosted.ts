/**
 * Changes a hosted podcast: the onboarding choices (PATCH /api/podcasts/hosted/{id} and the hosting
 * service's PATCH /podcast) and the feed settings (POST /api/podcasts/hosted/{id}/feed).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { hostedPodcasts } from '../db/schema';
import { serializeHosted } from '../podcasts/list-podcasts';
import type { HostedPodcastPayload } from '../../types';
import { findOwnedHosted } from './owned-hosted';
import { publishHostedPodcastUpdated } from './events';

/** The redirect providers of the Setup redirect screen (hosting spec §2). */
export const REDIRECT_PROVIDERS = ['acast', 'anchor', 'buzzsprout', 'libsyn', 'podbean', 'rss', 'simplecast', 'spreaker', 'soundcloud', 'other'] as const;

export const hostedPatchSchema = z
  .object({
    payouts_skipped: z.boolean().optional(),
    redirect_provider: z.enum(REDIRECT_PROVIDERS, { error: 'Choose one of the listed providers.' }).optional(),
  })
  .strict();
export type HostedPatch = z.infer<typeof hostedPatchSchema>;

export const feedSettingsSchema = z.object({
  title: z.string().trim().min(1, 'The title is required.').max(255, 'The title may not be longer than 255 characters.').optional(),
  description: z.string().trim().max(4000, 'The description may not be longer than 4,000 characters.').optional(),
  author: z.string().trim().max(255, 'The author may not be longer than 255 characters.').optional(),
  owner_email: z.email('Enter a valid email address.').optional(),
  language: z.string().trim().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'Use a language code such as en or en-us.').optional(),
  explicit: z.boolean().optional(),
  copyright: z.string().trim().max(255, 'The copyright may not be longer than 255 characters.').optional(),
});
export type FeedSettings = z.infer<typeof feedSettingsSchema>;

/** Saves onboarding choices into the hosted podcast's settings. */
export async function updateHosted(user: { id: number }, hostedId: number, patch: HostedPatch): Promise<HostedPodcastPayload> {
  const { hosted } = await findOwnedHosted(user.id, hostedId);
  const db = await getDb();
  const [saved] = await db
    .update(hostedPodcasts)
    .set({ settings: { ...hosted.settings, ...patch } })
    .where(eq(hostedPodcasts.id, hosted.id))
    .returning();
  await publishHostedPodcastUpdated(saved!.id);
  return serializeHosted(saved!);
}

/** Saves the feed settings that override what was imported from the original feed. */
export async function updateFeedSettings(user: { id: number }, hostedId: number, input: FeedSettings): Promise<HostedPodcastPayload> {
  const { hosted } = await findOwnedHosted(user.id, hostedId);
  const db = await getDb();
  const feed = { ...((hosted.settings.feed as Record<string, unknown> | undefined) ?? {}), ...input };
  const [saved] = await db
    .update(hostedPodcasts)
    .set({ settings: { ...hosted.settings, feed } })
    .where(eq(hostedPodcasts.id, hosted.id))
    .returning();
  await publishHostedPodcastUpdated(saved!.id);
  return serializeHosted(saved!);
}
