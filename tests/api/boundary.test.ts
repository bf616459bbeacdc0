/**
 * Issue 15, items 1, 3 and 4: the rules at the boundary (text, bodies by content type, ids, dates, unique
 * races, methods), the security headers of every answer, and uploads decided from their bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/lib/server/db/client';
import { files } from '../../src/lib/server/db/schema';
import { call, page } from '../support/http';
import { seedPodcast, seedUser } from '../support/builders';
import { raw } from '../support/raw';
import { testServer } from '../support/test-server';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SVG = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>';
const registration = (email: string) => ({ type: 'BRAND', first_name: 'Sam', last_name: 'Race', email, password: 'long enough pw' });

describe('text, bodies and ids at the boundary', () => {
  it('refuses NUL and unpaired surrogates with a 422 naming the field, in bodies, forms and queries', async () => {
    const nul = await call('POST', '/register', { body: { ...registration('nul@example.com'), first_name: 'Ada\u0000' } });
    expect(nul.status).toBe(422);
    expect(nul.body.errors.first_name).toEqual(['The first name field contains characters that are not allowed.']);
    const surrogate = await call('POST', '/register', {
      raw: '{"type":"BRAND","first_name":"\\ud800x","last_name":"B","email":"s@example.com","password":"long enough pw"}',
    });
    expect(surrogate.status).toBe(422);
    expect(Object.keys(surrogate.body.errors)).toEqual(['first_name']);
    const form = await call('POST', '/api/password/email', { form: { email: 'a\u0000@example.com' } });
    expect(form.body.errors.email).toEqual(['The email field contains characters that are not allowed.']);
    const user = await seedUser();
    const query = await call('GET', '/api/discussions?search=a%00b', { token: user.token });
    expect(query.status).toBe(422);
    expect(query.body.errors.search).toBeTruthy();
    expect((await call('GET', '/api/search-podcasts/a%00b')).status).toBe(404);
    const nested = await call('PUT', `/api/users/${user.id}`, { token: user.token, body: { first_name: 'Ok', meta: { deep: ['\u0000'] } } });
    expect(nested.status).toBe(422);
    expect(nested.body.errors['meta.deep.0']).toBeTruthy();
  });

  it('reads bodies by their content type: null as text/plain or without a type is a 422, XML a 415, too large a 413', async () => {
    for (const headers of [{ 'content-type': 'text/plain' }, {}] as Record<string, string>[]) {
      const res = await raw('POST', '/register', { body: 'null', headers });
      expect(res.status).toBe(422);
      expect(res.json.errors.body).toEqual(['The request body must be a JSON object.']);
    }
    const xml = await raw('POST', '/register', { body: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.status).toBe(415);
    expect(xml.json.message).toMatch(/^Unsupported Media Type/);
    const huge = await raw('POST', '/register', { json: { first_name: 'x'.repeat(3 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    const deep = await raw('POST', '/register', { body: `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`, headers: { 'content-type': 'application/json' } });
    expect(deep.status).toBe(422);
    const user = await seedUser({ type: 'PODCASTER' });
    const avatar = await raw('POST', '/api/podcasts/1/avatars', {
      body: 'null',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/plain' },
    });
    expect(avatar.status).toBeLessThan(500);
  });

  it('answers an id past the integer range with the 404 page on pages and 404 in the API', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    for (const path of [
      '/settings/attribution/99999999999999999999/edit',
      '/campaign/99999999999999999999/edit/details',
      '/campaign/99999999999999999999/stats',
    ]) {
      const res = await page(path, brand.cookie);
      expect(res.status, path).toBe(404);
      expect(res.html, path).toContain('404 Error. Sorry, we could not find this page');
    }
    expect((await page('/verification/%00/%00')).status).toBe(404);
    for (const path of ['/api/campaigns/99999999999999999999', '/api/attribution/sites/99999999999999999999']) {
      const res = await call('GET', path, { token: brand.token });
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ message: 'Not Found.' });
    }
  });

  it('takes real calendar days only: 2027-02-30 is refused, not rolled over into March', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    const created = await call('POST', '/api/campaigns', {
      token: brand.token,
      body: { tab: 'details', title: 'Dates', description: 'Real days only.', url: 'https://example.com', categories: [1] },
    });
    expect(created.status).toBe(201);
    const res = await call('POST', `/api/campaigns/${created.body.data.id}`, {
      token: brand.token,
      body: { tab: 'budget', budget: 250_000, duration: 21, delivery_date: '2027-02-30', expired_days: 14 },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.delivery_date).toEqual(['The delivery date must be a date.']);
  });

  it('lets one of several concurrent sign-ups with one email win; the others get a 422 on email', async () => {
    const email = `race-${Date.now()}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => call('POST', '/register', { body: registration(email), headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const r of results.filter((r) => r.status === 422)) expect(r.body.errors.email).toEqual(['The email has already been taken.']);
  });

  it('answers a method a route does not take with a JSON 405 naming the methods it does', async () => {
    const user = await seedUser();
    const res = await raw('DELETE', '/api/earnings', { headers: { authorization: `Bearer ${user.token}`, accept: 'application/json' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(res.json).toEqual({ message: 'The method is not supported for this route.', allow: ['GET', 'HEAD'] });
    const post = await raw('GET', '/oauth/token');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('POST');
    expect((await raw('PUT', '/login')).status).toBe(405);
  });

  it('answers an address that is not UTF-8 percent-encoding with a 400, as JSON on the API', async () => {
    const api = await raw('GET', '/api/users/%ED%A0%80');
    expect(api.status).toBe(400);
    expect(api.json.message).toMatch(/percent-encoding/);
    expect((await raw('GET', '/login?redirect=%ED%A0%80')).status).toBe(400);
  });

  it('serves a hosted feed whatever percent-encoding its query carries (issue 36, item 6)', async () => {
    const user = await seedUser({ type: 'PODCASTER' });
    const { podcast } = await seedPodcast(user.id, { hosted: true, title: 'Query Proof Radio' });
    const plain = await raw('GET', `/feeds/${podcast.hash_id}.xml`);
    expect(plain.status).toBe(200);
    for (const query of ['?x=%ff', '?x=%ED%A0%80&y=%E2%82', '?%ff=%fe', '?x=%', '?x=%zz']) {
      const res = await raw('GET', `/feeds/${podcast.hash_id}.xml${query}`);
      expect(res.status, query).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
      expect(res.text).toBe(plain.text);
    }
    // The path itself still has to be UTF-8.
    expect((await raw('GET', `/feeds/${podcast.hash_id}%ff.xml`)).status).toBe(400);
  });
});

describe('security headers', () => {
  it('sends every page a strict CSP (hashed scripts, no inline handlers, no framing) and the other headers', async () => {
    const brand = await seedUser({ type: 'BRAND' });
    for (const [path, cookie] of [
      ['/login', undefined],
      ['/campaigns', brand.cookie],
      ['/settings/profile', brand.cookie],
      ['/no/such/page', undefined],
    ] as const) {
      const res = await raw('GET', path, { headers: cookie ? { cookie } : {} });
      const csp = res.headers.get('content-security-policy') ?? '';
      const script = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(script, path).toMatch(/'sha256-/);
      expect(script, path).not.toContain("'unsafe-inline'");
      expect(script, path).not.toContain("'unsafe-eval'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("base-uri 'self'");
      expect(csp, path).toContain("form-action 'self'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy'), path).toMatch(/camera=\(\)/);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      // No inline event handlers in what the server renders (they could not run anyway).
      expect(res.text, path).not.toMatch(/<[^>]+\son[a-z]+=["']/i);
    }
  });

  it('sends API answers nosniff and a CSP that allows nothing', async () => {
    const res = await raw('GET', '/api/user');
    expect(res.status).toBe(401);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});

describe('uploads', () => {
  const upload = async (token: string, bytes: Uint8Array | string, name: string, headers: Record<string, string> = {}) => {
    const form = new FormData();
    form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
    return raw('POST', '/api/files', { body: form, headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...headers } });
  };

  it('refuses an SVG with script, whatever its name or claimed type', async () => {
    const user = await seedUser();
    for (const name of ['drawing.svg', 'photo.png']) {
      const res = await upload(user.token, SVG, name);
      expect(res.status, name).toBe(422);
      expect(res.json.errors.file, name).toEqual(['Only supported file types allowed: pdf, mp3, mp4, png, jpeg']);
    }
  });

  it('accepts exactly the types the uploader lists (X-Upload-Types), judged from the bytes', async () => {
    const user = await seedUser();
    const pdf = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF', 'latin1');
    const onlyPng = await upload(user.token, pdf, 'report.pdf', { 'x-upload-types': 'png' });
    expect(onlyPng.status).toBe(422);
    expect(onlyPng.json.errors.file).toEqual(['Only supported file types allowed: png']);
    expect((await upload(user.token, PNG, 'pixel.png', { 'x-upload-types': 'png' })).status).toBe(201);
    expect((await upload(user.token, pdf, 'report.pdf', { 'x-upload-types': 'pdf,png' })).status).toBe(201);
  });

  it('serves an SVG stored before this rule as an attachment in a sandbox, never as a page of ours', async () => {
    const { dataDir } = await testServer();
    const user = await seedUser();
    mkdirSync(join(dataDir, 'files', 'legacy'), { recursive: true });
    writeFileSync(join(dataDir, 'files', 'legacy', 'old.svg'), SVG);
    const [row] = await (await getDb())
      .insert(files)
      .values({ user_id: user.id, name: 'old.svg', original_name: 'old.svg', path: 'legacy/old.svg', url: '', size: SVG.length, mime: 'image/svg+xml' })
      .returning();
    const res = await raw('GET', `/api/file/${row!.id}`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
