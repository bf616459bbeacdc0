/**
 * A hosted show's automated-ads settings: the ad categories its podcaster excludes (the agreement lets
 * such changes take up to 60 days; Cuepoint applies them at once) and the podcaster's share of the
 * show's ad revenue (70 % unless agreed otherwise).
 */
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, adShowSettings, categories, hostedPodcasts } from '../db';
import { fieldError, notFound, validate } from '../http';
import { findOwnedHostedByPodcast } from '../hosting';
import { forgetServableLines } from './servable-lines';

/** Restricted ad category changes may take up to 60 days (hosting §9). */
export const EXCLUSION_NOTICE_DAYS = 60;
export const DEFAULT_SHARE_PERCENT = 70;

export interface ShowAdSettings {
  podcast_id: number;
  excluded_category_ids: number[];
  excluded_updated_at: string | null;
  share_percent: number;
}

/** The settings of a show (defaults when never saved). */
export async function showAdSettings(podcastId: number): Promise<ShowAdSettings> {
  const db = await getDb();
  const [row] = await db.select().from(adShowSettings).where(eq(adShowSettings.podcast_id, podcastId));
  return {
    podcast_id: podcastId,
    excluded_category_ids: row?.excluded_category_ids ?? [],
    excluded_updated_at: row?.excluded_updated_at?.toISOString() ?? null,
    share_percent: row?.share_percent ?? DEFAULT_SHARE_PERCENT,
  };
}

const exclusionsSchema = z.object({ excluded_category_ids: z.array(z.coerce.number().int().positive()).max(100) });

/** Saves the ad categories the podcaster excludes from their hosted show. */
export async function saveExclusions(userId: number, podcastId: number, body: unknown): Promise<ShowAdSettings> {
  const input = validate(exclusionsSchema, body);
  await findOwnedHostedByPodcast(userId, podcastId);
  const ids = [...new Set(input.excluded_category_ids)];
  const db = await getDb();
  if (ids.length) {
    const known = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
    if (known.length !== ids.length) throw fieldError('excluded_category_ids', 'Choose categories from the list.');
  }
  const now = new Date();
  await db
    .insert(adShowSettings)
    .values({ podcast_id: podcastId, excluded_category_ids: ids, excluded_updated_at: now })
    .onConflictDoUpdate({ target: adShowSettings.podcast_id, set: { excluded_category_ids: ids, excluded_updated_at: now, updated_at: now } });
  forgetServableLines();
  return showAdSettings(podcastId);
}

/** Sets a hosted show's podcaster share (admins, as the agreement sets it); 404 for a show that is not hosted. */
export async function setSharePercent(podcastId: number, percent: number): Promise<void> {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw fieldError('share_percent', 'The share is a whole percent from 0 to 100.');
  const db = await getDb();
  const [hosted] = await db.select({ id: hostedPodcasts.id }).from(hostedPodcasts).where(eq(hostedPodcasts.podcast_id, podcastId));
  if (!hosted) throw notFound('No such hosted show.');
  await db
    .insert(adShowSettings)
    .values({ podcast_id: podcastId, share_percent: percent })
    .onConflictDoUpdate({ target: adShowSettings.podcast_id, set: { share_percent: percent, updated_at: new Date() } });
}
