import { describe, expect, it } from 'vitest';
import { call } from '../support/http';

interface Hit {
  slug: string;
  title: string;
}
const search = async (q: string) => {
  const r = await call<{ data: Hit[] }>('GET', `/api/help/search?q=${encodeURIComponent(q)}`);
  expect(r.status).toBe(200);
  return r.body.data.map((h) => h.slug);
};

describe('GET /api/help/search', () => {
  it('ranks the air-date article first for "change air date"', async () => {
    expect((await search('change air date'))[0]).toBe('changing-an-air-date');
  });

  it('finds the refund article for "refund", and "refunds"/"refunded" stem to the same results', async () => {
    const refund = await search('refund');
    expect(refund[0]).toBe('refunds-and-cancellations');
    expect(await search('refunds')).toEqual(refund);
    expect(await search('refunded')).toEqual(refund);
  });

  it('finds an article by a synonym of its words', async () => {
    expect((await search('money back'))[0]).toBe('refunds-and-cancellations');
    expect((await search('chargeback'))[0]).toBe('refunds-and-cancellations');
    expect(await search('move the release date')).toContain('changing-an-air-date');
    expect((await search('withdraw earnings'))[0]).toBe('deliver-ads-and-get-paid');
  });

  it('answers an empty query with no articles', async () => {
    expect(await search('   ')).toEqual([]);
  });
});

describe('GET /help?q= as a guest', () => {
  it('keeps the search in the Sign in link, so signing in comes back to the same answers', async () => {
    const r = await call<string>('GET', '/help?q=refund');
    expect(r.status).toBe(200);
    expect(String(r.body)).toContain(`href="/login?redirect=${encodeURIComponent('/help?q=refund')}"`);
  });
});
