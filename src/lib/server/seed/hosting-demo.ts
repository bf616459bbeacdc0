/**
 * The hosting demo, which works without a network: the demo host (hosting/demo-host) serves the old
 * feeds and generated audio of two shows. `hosted@cuepoint.test`'s Night Shift Stories reads its feed
 * from it with the migration pending, so onboarding can be walked end to end; `live@cuepoint.test`'s
 * Saltmarsh Radio finished onboarding: its old feed redirects to Cuepoint, and a dozen episodes play
 * from Cuepoint's own media, plus one scheduled and one draft.
 */
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { randomToken } from '../crypto';
import { now as clockNow } from '../clock';
import { getDb, categories, hostedPodcasts, podcastCategories, podcasters, podcasts, users } from '../db';
import {
  demoFeedUrl,
  episodeFile,
  generateDemoMedia,
  markDemoSeeded,
  setDemoHostState,
  NIGHT_SHIFT,
  SALTMARSH,
  SALTMARSH_NEW,
  addEpisodeFromFile,
  hostedFeedUrl,
  saveMedia,
  podcastGuid,
} from '../hosting';

const DAY = 86_400_000;

/** Points the pending demo show at its feed on the demo host and creates the live hosted show. */
export async function seedHostingDemo(passwordHash: string, now = clockNow()): Promise<void> {
  markDemoSeeded(now);
  const [, saltDir] = await Promise.all([generateDemoMedia(NIGHT_SHIFT), generateDemoMedia(SALTMARSH, SALTMARSH_NEW)]);
  const db = await getDb();

  // hosted@cuepoint.test: the migration is pending, from a feed the product serves itself.
  const pendingFeed = demoFeedUrl(NIGHT_SHIFT.slug);
  const [pending] = await db.update(podcasts).set({ url: pendingFeed }).where(eq(podcasts.title, NIGHT_SHIFT.title)).returning({ id: podcasts.id });
  if (pending) await db.update(hostedPodcasts).set({ original_url: pendingFeed }).where(eq(hostedPodcasts.podcast_id, pending.id));

  // live@cuepoint.test: onboarding finished weeks ago.
  const since = new Date(now.getTime() - 90 * DAY);
  const [user] = await db
    .insert(users)
    .values({
      encrypted_id: randomToken(18),
      email: 'live@cuepoint.test',
      first_name: 'Ada',
      last_name: 'Okonjo',
      type: 'PODCASTER',
      country: 'US',
      password_hash: passwordHash,
      email_verified_at: since,
      created_at: since,
    })
    .returning({ id: users.id });
  await db.insert(podcasters).values({ user_id: user!.id, source: 'demo', is_completed: true });
  const [science] = await db.select({ id: categories.id }).from(categories).where(eq(categories.title, 'Science'));
  const hash = randomToken(8);
  const original = demoFeedUrl(SALTMARSH.slug);
  const art = await saveMedia(hash, 'show-art.jpg', { path: join(saltDir, 'art.jpg') });
  const [podcast] = await db
    .insert(podcasts)
    .values({
      hash_id: hash,
      user_id: user!.id,
      email: SALTMARSH.ownerEmail,
      url: original,
      title: SALTMARSH.title,
      about: SALTMARSH.description,
      country: 'US',
      avatar_url: art.url,
      category_id: science?.id ?? null,
      is_onboarded: true,
      rating_avg: 4.8,
      avg_listens: 2900,
      source: 'rss',
      verified_at: since,
    })
    .returning();
  if (science) await db.insert(podcastCategories).values({ podcast_id: podcast!.id, category_id: science.id });
  const url = hostedFeedUrl(hash);
  await db.insert(hostedPodcasts).values({
    podcast_id: podcast!.id,
    type: 'other',
    migration_status: 'completed',
    migration_percent: 100,
    migration_progress_at: since,
    url,
    original_url: original,
    redirecting_url: url,
    // Confirmed recently: the hourly re-check keeps it fresh while the demo host redirects.
    redirecting_at: new Date(now.getTime() - DAY / 4),
    is_completed: true,
    settings: {
      payouts_skipped: true,
      redirect_provider: 'other',
      channel: {
        title: SALTMARSH.title,
        description: `<p>${SALTMARSH.description}</p>`,
        link: SALTMARSH.link,
        language: 'en',
        author: SALTMARSH.author,
        owner_name: SALTMARSH.author,
        owner_email: SALTMARSH.ownerEmail,
        artwork: art.url,
        explicit: false,
        categories: [SALTMARSH.category],
        type: 'episodic',
        podcast_guid: podcastGuid(original),
        podcast_tags: { 'podcast:medium': 'podcast', 'podcast:funding': { '@_url': `${SALTMARSH.link}/members`, '#text': 'Become a member' } },
      },
    },
  });
  // The old host answers with a permanent redirect to Cuepoint, as it does after the redirect step.
  setDemoHostState(SALTMARSH.slug, { redirect_to: url });

  const all = [
    ...SALTMARSH.episodes.map((e) => ({ e, status: 'current' as const })),
    { e: SALTMARSH_NEW[0]!, status: 'current' as const },
    { e: SALTMARSH_NEW[1]!, status: 'draft' as const },
  ];
  for (const { e, status } of all) {
    await addEpisodeFromFile(
      podcast!,
      {
        guid: e.guid || undefined,
        title: e.title,
        description: `<p>${e.notes}</p>`,
        published_at: new Date(now.getTime() - e.daysAgo * DAY),
        season: e.season ?? null,
        episode_number: e.episode ?? null,
        episode_type: 'full',
        explicit: false,
        status,
      },
      { path: join(saltDir, episodeFile(e)), seconds: e.seconds },
    );
  }
}
