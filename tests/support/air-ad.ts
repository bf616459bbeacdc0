/** A hired ad taken through delivery over the API, as the two sides do it: sent, approved, linked to its episode, confirmed aired. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { episodes, packageJobs, packages } from '../../src/lib/server/db/schema';
import type { SeededUser } from './builders';
import { TEST_NOW } from './clock';
import { eventually } from './eventually';
import { call } from './http';
import { testServer } from './test-server';

type EpisodeValues = Partial<typeof episodes.$inferInsert> & { hash_id: string };

/**
 * The podcaster sends an ad for the job, the brand approves it, the podcaster links an episode of the show (inserted
 * here, published at the test clock's now, its audio on a host the listener cannot reach), the job goes to review
 * and the brand confirms it aired. Returns the deliverable and the episode.
 */
export async function airAd(podcaster: SeededUser, brand: SeededUser, jobId: number, episode: EpisodeValues) {
  const { baseUrl } = await testServer();
  const form = new FormData();
  form.append('files[]', new Blob(['ID3'], { type: 'audio/mpeg' }), 'ad.mp3');
  const sent = await fetch(`${baseUrl}/api/podcaster/jobs/${jobId}/deliverables`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${podcaster.token}` },
  });
  expect(sent.status).toBe(201);
  const deliverable = ((await sent.json()) as { data: { id: number } }).data.id;
  expect((await call('POST', `/api/deliverables/${deliverable}/approved`, { token: brand.token })).status).toBe(200);

  const db = await getDb();
  const [job] = await db
    .select({ podcastId: packages.podcast_id })
    .from(packageJobs)
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .where(eq(packageJobs.id, jobId));
  const [aired] = await db
    .insert(episodes)
    .values({
      guid: episode.hash_id,
      podcast_id: job!.podcastId,
      title: 'Aired',
      published_at: TEST_NOW,
      enclosure_url: 'http://127.0.0.1:9/aired.mp3',
      ...episode,
    })
    .returning();
  const linked = await call('POST', `/api/deliverables/${deliverable}/episode`, { token: podcaster.token, body: { episode_id: aired!.id } });
  expect(linked.status, JSON.stringify(linked.body)).toBe(202);
  const status = async () => (await db.select().from(packageJobs).where(eq(packageJobs.id, jobId)))[0]!.status;
  expect(await eventually(status, (s) => s === 'in-review')).toBe('in-review');
  expect((await call('POST', `/api/deliverables/${deliverable}/aired`, { token: brand.token })).status).toBe(200);
  return { deliverable, episode: aired!, status };
}
