// Issue #16 item 2: the campaign list's cache is dropped by a write to any table the list reads, found
// from the statement's own SQL (its figures' subqueries included).
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { tablesRead } from '../../src/lib/server/cache/write-invalidated';
import { campaigns } from '../../src/lib/server/db/schema';
import { campaignRelationsSql } from '../../src/lib/server/campaigns/serialize-campaign';
import { registerCampaignMeasures } from '../../src/lib/server/measurement';

// The campaign figures come from measurement, supplied at boot as in runtime.ts.
beforeAll(() => registerCampaignMeasures());

describe('tablesRead', () => {
  it('names every table a statement reads, in joins and subqueries, and nothing else', () => {
    expect([...tablesRead('select "a"."id" from "a" inner join "b" on "b"."a_id" = "a"."id" where exists (select 1 from "c")')].sort()).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(tablesRead('update "a" set "x" = 1').size).toBe(0);
    // Hand-written fragments name tables bare.
    expect([...tablesRead('select 1 from opportunities o where exists (select 1 from package_jobs j left join campaign_ads ca on true)')].sort()).toEqual([
      'campaign_ads',
      'opportunities',
      'package_jobs',
    ]);
  });

  it('finds the campaign list’s own tables and those its figures and counts read', () => {
    const db = drizzle.mock();
    const text = db.select({ campaign: campaigns, relations: campaignRelationsSql(), total: sql<number>`count(*) over ()` }).from(campaigns).toSQL().sql;
    const tables = tablesRead(text);
    for (const t of ['campaigns', 'campaign_categories', 'categories', 'campaign_ads', 'ads', 'packages', 'package_jobs', 'download_days', 'transactions'])
      expect(tables, t).toContain(t);
  });
});

describe('statementCache.getBy', () => {
  it('builds and reads a statement once per key until the cache is dropped, and never on a hit', async () => {
    const { statementCache } = await import('../../src/lib/server/cache/write-invalidated');
    const cache = statementCache<number[]>('unit-getby', 60_000);
    let built = 0;
    const build = (rows: number[]) => () => {
      built++;
      return Object.assign(Promise.resolve(rows), { toSQL: () => ({ sql: 'select "id" from "campaigns"', params: [] }) });
    };
    expect(await cache.getBy('brand 1', build([1, 2]))).toEqual([1, 2]);
    expect(await cache.getBy('brand 1', build([9]))).toEqual([1, 2]);
    expect(built).toBe(1);
    expect(await cache.getBy('brand 2', build([3]))).toEqual([3]);
    expect(built).toBe(2);
    cache.invalidate();
    expect(await cache.getBy('brand 1', build([4]))).toEqual([4]);
    expect(built).toBe(3);
  });
});
