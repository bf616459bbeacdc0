/**
 * The channel settings of a hosted feed as the Feed Settings form shows them: what the podcaster saved,
 * else what the import read from the original feed, else the podcast and its owner.
 */
import { eq } from 'drizzle-orm';
import { appleCategoryOf, isAppleCategory } from '../../apple-categories';
import { getDb, categories, users } from '../db';
import { channelSettingsOf } from './build-hosted-feed';
import { findOwnedHosted } from './owned-hosted';
import type { FeedSettingsValues } from '../../hosting-types';

/** The current values of the feed settings of the user's hosted podcast. */
export async function readFeedSettings(userId: number, hostedId: number): Promise<FeedSettingsValues> {
  const { hosted, podcast } = await findOwnedHosted(userId, hostedId);
  const db = await getDb();
  const [owner] = await db.select({ first: users.first_name, last: users.last_name, email: users.email }).from(users).where(eq(users.id, podcast.user_id));
  const c = channelSettingsOf(hosted.settings);
  const fullName = `${owner?.first ?? ''} ${owner?.last ?? ''}`.trim();
  const [catalogue] = podcast.category_id ? await db.select({ title: categories.title }).from(categories).where(eq(categories.id, podcast.category_id)) : [];
  const imported = c.categories?.[0];
  const pair =
    (c.itunes_category && isAppleCategory(c.itunes_category) ? c.itunes_category : null) ??
    (typeof imported === 'string' ? appleCategoryOf(imported) : imported && isAppleCategory(imported) ? imported : null) ??
    (catalogue ? appleCategoryOf(catalogue.title) : null);
  const medium = typeof c.podcast_tags?.['podcast:medium'] === 'string' ? (c.podcast_tags['podcast:medium'] as string) : '';
  // The imported podcast:funding (the first one) until the podcaster sets their own.
  const fundingTag = [c.podcast_tags?.['podcast:funding']].flat()[0] as { '@_url'?: string; '#text'?: string } | string | undefined;
  const funding = fundingTag && typeof fundingTag === 'object' ? { url: fundingTag['@_url'] ?? '', text: fundingTag['#text'] ?? '' } : { url: '', text: '' };
  return {
    title: c.title || podcast.title,
    description: c.description || podcast.about || '',
    link: c.link || '',
    author: c.author || fullName,
    owner_name: c.owner_name || c.author || fullName,
    owner_email: c.owner_email || podcast.email || owner?.email || '',
    language: c.language || 'en',
    explicit: c.explicit === true,
    copyright: c.copyright || '',
    type: c.type ?? 'episodic',
    category: pair?.category ?? '',
    subcategory: pair?.subcategory ?? null,
    medium: c.medium || medium || 'podcast',
    funding_url: c.funding_url || funding.url,
    funding_text: c.funding_text || funding.text,
    artwork: c.artwork || podcast.avatar_url,
  };
}
