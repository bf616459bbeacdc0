/**
 * Issue #16 item 2: a second view of a page within a few seconds reads nothing from the database (the
 * page-read cache, src/lib/server/db/read-cache.ts), and a write is seen by the very next view.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PAGE_READ_TTL_MS } from '../../src/lib/server/db/read-cache';
import { getDb } from '../../src/lib/server/db/client';
import { campaigns } from '../../src/lib/server/db/schema';
import { seedUser } from '../support/builders';
import { seedCampaign } from '../support/campaign-builders';
import { page } from '../support/http';
import { inRequest } from '../support/test-server';

const SENT = Symbol.for('cuepoint.db.statement');
const ANSWERED = Symbol.for('cuepoint.db.statement.cached');
type Hooks = { [SENT]?: (query: string) => void; [ANSWERED]?: () => void };

const WRITE = /^\s*(?:insert|update|delete)\b/i;

interface SecondView {
  html: string;
  /** Statements the second view's request sent, and how many of them the page-read cache answered. */
  sent: number;
  answered: number;
  /** The statements that reached the database. */
  queries: string[];
}

/**
 * Views `path` twice and counts what the second view's request sent. The server's own background work
 * meanwhile (the queue, the measurement pass every 30 seconds) is not the render's and is not counted;
 * when it wrote while the two views ran it may rightly have dropped cached reads, and both views are
 * taken again (at most three times), as they are when the two views took longer than an entry lives.
 */
async function viewedTwice(path: string, cookie: string): Promise<SecondView> {
  const hooks = globalThis as Hooks;
  let result: SecondView = { html: '', sent: 0, answered: 0, queries: [] };
  for (let attempt = 1; attempt <= 3; attempt++) {
    let backgroundWrote = false;
    let counting = false;
    const seen: SecondView = { html: '', sent: 0, answered: 0, queries: [] };
    hooks[SENT] = (query) => {
      if (!inRequest()) {
        if (WRITE.test(query)) backgroundWrote = true;
        return;
      }
      if (!counting) return;
      seen.sent++;
      seen.queries.push(query);
    };
    hooks[ANSWERED] = () => {
      if (!inRequest() || !counting) return;
      seen.answered++;
      seen.queries.pop();
    };
    // An entry lives PAGE_READ_TTL_MS: two views further apart than that (a busy machine) read again, rightly.
    const started = Date.now();
    try {
      await page(path, cookie);
      counting = true;
      seen.html = (await page(path, cookie)).html;
    } finally {
      delete hooks[SENT];
      delete hooks[ANSWERED];
    }
    result = seen;
    if (!backgroundWrote && Date.now() - started < PAGE_READ_TTL_MS) break;
  }
  return result;
}

describe('the page-read cache', () => {
  it('answers a second view of a campaign’s stats from memory and shows a write at the next view', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const { campaign } = await seedCampaign(brand.id, { title: 'Cold Brew Summer' });
    const path = `/campaign/${campaign.id}/stats`;
    const second = await viewedTwice(path, brand.cookie);
    expect(second.html).toContain('Cold Brew Summer');
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
