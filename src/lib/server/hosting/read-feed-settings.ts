/**
 * The channel settings of a hosted feed as the Feed Settings form shows them: what the podcaster saved,
 * else what the import read from the original feed, else the podcast and its owner.
 */
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { findOwnedHosted } from './owned-hosted';

export interface FeedSettingsValues {
  title: string;
  description: string;
  author: string;
  owner_email: string;
  language: string;
  explicit: boolean;
  copyright: string;
  category_id: number | null;
}

/** The current values of the feed settings of the user's hosted podcast. */
export async function readFeedSettings(userId: number, hostedId: number): Promise<FeedSettingsValues> {
  const { hosted, podcast } = await findOwnedHosted(userId, hostedId);
  const db = await getDb();
  const [owner] = await db.select({ first: users.first_name, last: users.last_name, email: users.email }).from(users).where(eq(users.id, podcast.user_id));
  const settings = hosted.settings as { channel?: Record<string, unknown>; feed?: Record<string, unknown> };
  const pick = (key: string): unknown => {
    const saved = settings.feed?.[key];
    if (saved !== undefined && saved !== null && saved !== '') return saved;
    return settings.channel?.[key];
  };
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const fullName = `${owner?.first ?? ''} ${owner?.last ?? ''}`.trim();
  const category = settings.feed?.category_id;
  return {
    title: str(pick('title')) || podcast.title,
    description: str(pick('description')) || podcast.about || '',
    author: str(pick('author')) || fullName,
    owner_email: str(pick('owner_email')) || podcast.email || owner?.email || '',
    language: str(pick('language')) || 'en',
    explicit: pick('explicit') === true,
    copyright: str(pick('copyright')),
    category_id: typeof category === 'number' ? category : podcast.category_id,
  };
}
