// Issue #16 item 2: the campaign list's cache is dropped by a write to any table the list reads, found
// from the statement's own SQL (its figures' subqueries included).
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { tablesRead } from '../../src/lib/server/cache/write-invalidated';
import { campaigns } from '../../src/lib/server/db/schema';
import { campaignRelationsSql } from '../../src/lib/server/campaigns/serialize-campaign';

describe('tablesRead', () => {
  it('names every table a statement reads, in joins and subqueries, and nothing else', () => {
    expect([...tablesRead('select "a"."id" from "a" inner join "b" on "b"."a_id" = "a"."id" where exists (select 1 from "c")')].sort()).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(tablesRead('update "a" set "x" = 1').size).toBe(0);
  });

  it('finds the campaign list’s own tables and those its figures and counts read', () => {
    const db = drizzle.mock();
    const text = db.select({ campaign: campaigns, relations: campaignRelationsSql(), total: sql<number>`count(*) over ()` }).from(campaigns).toSQL().sql;
    const tables = tablesRead(text);
    for (const t of ['campaigns', 'campaign_categories', 'categories', 'campaign_ads', 'ads', 'packages', 'package_jobs']) expect(tables, t).toContain(t);
  });
});
