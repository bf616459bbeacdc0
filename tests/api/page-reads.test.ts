/**
 * Issue #16 item 2: a second view of a page within a few seconds reads nothing from the database (the
 * page-read cache, src/lib/server/db/read-cache.ts), and a write is seen by the very next view.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { campaigns } from '../../src/lib/server/db/schema';
import { seedUser } from '../support/builders';
import { seedCampaign } from '../support/campaign-builders';
import { page } from '../support/http';

const SENT = Symbol.for('cuepoint.db.statement');
const ANSWERED = Symbol.for('cuepoint.db.statement.cached');
type Hooks = { [SENT]?: (query: string) => void; [ANSWERED]?: () => void };

/** Statements Drizzle sent while `view` ran, and how many of them the page-read cache answered. */
async function counted(view: () => Promise<unknown>): Promise<{ sent: number; answered: number; queries: string[] }> {
  const hooks = globalThis as Hooks;
  const seen = { sent: 0, answered: 0, queries: [] as string[] };
  hooks[SENT] = (query) => {
    seen.sent++;
    seen.queries.push(query);
  };
  hooks[ANSWERED] = () => {
    seen.answered++;
    seen.queries.pop();
  };
  try {
    await view();
  } finally {
    delete hooks[SENT];
    delete hooks[ANSWERED];
  }
  return seen;
}

describe('the page-read cache', () => {
  it('answers a second view of a campaign’s stats from memory and shows a write at the next view', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const { campaign } = await seedCampaign(brand.id, { title: 'Cold Brew Summer' });
    const path = `/campaign/${campaign.id}/stats`;
    expect((await page(path, brand.cookie)).html).toContain('Cold Brew Summer');

    let html = '';
    const second = await counted(async () => {
      html = (await page(path, brand.cookie)).html;
    });
    expect(html).toContain('Cold Brew Summer');
    expect(second.sent).toBeGreaterThan(4);
    // Every read of the render was answered from memory. What may remain: the session user (cached
    // apart, and dropped by the sign-in's writes to users) and, on PostgreSQL, the notices that tell
    // other instances about this test's writes (sent in the background, not by the render).
    const reached = second.queries.filter((q) => !q.startsWith('select pg_notify'));
    expect(reached.filter((q) => !q.startsWith('select "users"."id"'))).toEqual([]);
    expect(reached.length).toBeLessThanOrEqual(1);

    await (await getDb()).update(campaigns).set({ title: 'Iced Oat Latte' }).where(eq(campaigns.id, campaign.id));
    const third = await page(path, brand.cookie);
    expect(third.html).toContain('Iced Oat Latte');
    expect(third.html).not.toContain('Cold Brew Summer');
  });

  it('does not hand one user’s page to another', async () => {
    const owner = await seedUser({ type: 'BRAND' });
    const other = await seedUser({ type: 'BRAND' });
    const { campaign } = await seedCampaign(owner.id, { title: 'Private Roast' });
    expect((await page(`/campaign/${campaign.id}/stats`, owner.cookie)).html).toContain('Private Roast');
    const theirs = await page(`/campaign/${campaign.id}/stats`, other.cookie);
    expect(theirs.html).not.toContain('Private Roast');
  });

  // On PostgreSQL other instances share the database: their writes reach this one by NOTIFY.
  it.skipIf(!process.env.DATABASE_URL)('drops what another instance’s write changed when its notice arrives', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const { campaign } = await seedCampaign(brand.id, { title: 'Flat White Week' });
    const path = `/campaign/${campaign.id}/stats`;
    expect((await page(path, brand.cookie)).html).toContain('Flat White Week');
    // Another instance: its own connection writes (nothing here hears it) and then tells everyone.
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    try {
      await other.query('update campaigns set title = $1 where id = $2', ['Cortado Club', campaign.id]);
      expect((await page(path, brand.cookie)).html).toContain('Flat White Week'); // not told yet: the cached view
      const notice = { o: 'another-instance', t: 'page-reads', k: 'another-instance|campaigns,users' };
      await other.query('select pg_notify($1, $2)', ['cuepoint_invalidation', JSON.stringify(notice)]);
    } finally {
      await other.end();
    }
    await expect.poll(async () => (await page(path, brand.cookie)).html, { timeout: 5_000 }).toContain('Cortado Club');
  });
});
