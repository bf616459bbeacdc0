import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser, type SeededUser } from '../support/builders';
import { testServer } from '../support/test-server';

// A valid 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const TONE = readFileSync(new URL('../fixtures/audio/tone.mp3', import.meta.url));

/** A PDF-headed file of the given size (the type check reads the %PDF- signature). */
function pdfOf(size: number): Buffer {
  const body = Buffer.alloc(size, 0x20);
  body.write('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 0, 'latin1');
  for (let i = 64; i < size; i += 997) body[i] = (i * 31) % 251;
  return body;
}

interface UploadOptions {
  token?: string | null;
  name?: string;
  type?: string;
  headers?: Record<string, string>;
  cookie?: string;
}

async function upload(bytes: Uint8Array, options: UploadOptions = {}): Promise<{ status: number; body: any }> {
  const { baseUrl } = await testServer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'application/octet-stream' }), options.name ?? 'file.bin');
  const headers: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${baseUrl}/api/files`, { method: 'POST', body: form, headers });
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const { baseUrl } = await testServer();
  return fetch(`${baseUrl}${path}`, { headers, redirect: 'manual' });
}

async function postJson(path: string, token: string, body: unknown): Promise<{ status: number; body: any }> {
  const { baseUrl } = await testServer();
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

let owner: SeededUser;
let stranger: SeededUser;

beforeAll(async () => {
  owner = await seedUser({ type: 'PODCASTER' });
  stranger = await seedUser({ type: 'BRAND' });
});

describe('POST /api/files', () => {
  it('stores a whole upload under a generated name and answers data.id with every field of the file', async () => {
    const res = await upload(PNG, { token: owner.token, name: 'cover art.png', type: 'image/png' });
    expect(res.status).toBe(201);
    const file = res.body.data;
    expect(file).toMatchObject({
      user_id: owner.id,
      original_name: 'cover art.png',
      mime: 'image/png',
      size: PNG.length,
      url: `/api/file/${file.id}`,
      transcoding_status: null,
      isAudio: false,
    });
    expect(file.name).toMatch(/^[0-9a-f-]{36}\.png$/);
    for (const key of ['reference_id', 'reference_type', 'original_url', 'meta', 'duration', 'waveform', 'created_at', 'updated_at'])
      expect(file).toHaveProperty(key);
    expect(file).not.toHaveProperty('path');
    const bytes = Buffer.from(await (await get(file.url, { authorization: `Bearer ${owner.token}` })).arrayBuffer());
    expect(bytes.equals(PNG)).toBe(true);
  });

  it('requires the bearer token', async () => {
    const res = await upload(PNG, { name: 'a.png' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Unauthenticated.');
  });

  it('refuses a file whose bytes are not a supported type with 422 and the message, whatever its name says', async () => {
    const res = await upload(Buffer.from('just some text, not a PDF at all'), { token: owner.token, name: 'contract.pdf', type: 'application/pdf' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'Only supported file types allowed: pdf, mp3, mp4, png, jpeg',
      errors: { file: ['Only supported file types allowed: pdf, mp3, mp4, png, jpeg'] },
    });
  });

  it('answers 422 without a file field', async () => {
    const { baseUrl } = await testServer();
    const form = new FormData();
    form.append('other', 'x');
    const res = await fetch(`${baseUrl}/api/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(422);
    expect((await res.json()).errors.file).toEqual(['The file field is required.']);
  });

  it('refuses a file over 500 MB from its Content-Range before any byte is stored', async () => {
    const total = 500 * 1024 * 1024 + 1;
    const res = await upload(pdfOf(1024), {
      token: owner.token,
      name: 'huge.pdf',
      headers: { 'content-range': `bytes 0-1023/${total}`, 'x-upload-id': 'huge-upload-1' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual(['The file must not be greater than 500 MB.']);
  });

  it('refuses a chunk larger than 100 MB', async () => {
    const res = await upload(pdfOf(1024), {
      token: owner.token,
      name: 'x.pdf',
      headers: { 'content-range': `bytes 0-${100 * 1024 * 1024}/${200 * 1024 * 1024}`, 'x-upload-id': 'big-chunk-1' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.file).toEqual(['A chunk must not be greater than 100 MB.']);
  });
});

describe('chunked upload (Content-Range + X-Upload-Id)', () => {
  it('assembles chunks in order, answers 202 for each chunk and 201 with the file for the last', async () => {
    const pdf = pdfOf(300_000);
    const id = 'chunked-test-0001';
    const chunk = (start: number, end: number) =>
      upload(pdf.subarray(start, end), {
        token: owner.token,
        name: 'media kit.pdf',
        headers: { 'content-range': `bytes ${start}-${end - 1}/${pdf.length}`, 'x-upload-id': id },
      });

    const first = await chunk(0, 100_000);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({ upload: { id, received: 100_000, total: 300_000 } });

    // A chunk past the received bytes is refused with what the server has.
    const gap = await chunk(200_000, 300_000);
    expect(gap.status).toBe(409);
    expect(gap.body.received).toBe(100_000);

    expect((await chunk(100_000, 200_000)).status).toBe(202);
    // A retried chunk replaces the earlier attempt.
    expect((await chunk(100_000, 200_000)).body.upload.received).toBe(200_000);

    const last = await chunk(200_000, 300_000);
    expect(last.status).toBe(201);
    expect(last.body.data).toMatchObject({ original_name: 'media kit.pdf', mime: 'application/pdf', size: 300_000 });
    const stored = Buffer.from(await (await get(`/api/file/${last.body.data.id}`, { authorization: `Bearer ${owner.token}` })).arrayBuffer());
    expect(stored.equals(pdf)).toBe(true);
  });

  it('checks the real type on the first chunk', async () => {
    const res = await upload(Buffer.alloc(50_000, 0x41), {
      token: owner.token,
      name: 'episode.mp3',
      headers: { 'content-range': 'bytes 0-49999/150000', 'x-upload-id': 'wrong-type-0001' },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Only supported file types allowed: pdf, mp3, mp4, png, jpeg');
  });

  it('does not let another user continue an upload', async () => {
    const pdf = pdfOf(20_000);
    const first = await upload(pdf.subarray(0, 10_000), {
      token: owner.token,
      name: 'a.pdf',
      headers: { 'content-range': 'bytes 0-9999/20000', 'x-upload-id': 'owned-upload-01' },
    });
    expect(first.status).toBe(202);
    const other = await upload(pdf.subarray(10_000), {
      token: stranger.token,
      name: 'a.pdf',
      headers: { 'content-range': 'bytes 10000-19999/20000', 'x-upload-id': 'owned-upload-01' },
    });
    expect(other.status).toBe(409);
  });

  it('answers 422 for a malformed Content-Range or a missing upload id', async () => {
    expect((await upload(PNG, { token: owner.token, headers: { 'content-range': 'bytes 9-1/10', 'x-upload-id': 'abcdefgh' } })).status).toBe(422);
    expect((await upload(PNG, { token: owner.token, headers: { 'content-range': `bytes 0-${PNG.length - 1}/${PNG.length}` } })).status).toBe(422);
  });
});

describe('GET /api/file/{id}', () => {
  let fileId: number;
  beforeAll(async () => {
    fileId = (await upload(TONE, { token: owner.token, name: 'Episode 12 – trailer.mp3' })).body.data.id;
  });

  it('answers the bytes with the real type and a Content-Disposition naming the original file', async () => {
    const res = await get(`/api/file/${fileId}`, { authorization: `Bearer ${owner.token}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="Episode 12 _ trailer.mp3"; filename*=UTF-8''${encodeURIComponent('Episode 12 – trailer.mp3')}`,
    );
    expect(Number(res.headers.get('content-length'))).toBe(TONE.length);
    const download = await get(`/api/file/${fileId}?download=1`, { authorization: `Bearer ${owner.token}` });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  it('answers 206 with the requested byte range, and 416 outside the file', async () => {
    const res = await get(`/api/file/${fileId}`, { authorization: `Bearer ${owner.token}`, range: 'bytes=100-199' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-199/${TONE.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(TONE.subarray(100, 200))).toBe(true);
    const tail = await get(`/api/file/${fileId}`, { authorization: `Bearer ${owner.token}`, range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(TONE.subarray(TONE.length - 10))).toBe(true);
    const outside = await get(`/api/file/${fileId}`, { authorization: `Bearer ${owner.token}`, range: `bytes=${TONE.length}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${TONE.length}`);
  });

  it('opens for the access-token cookie (img and audio tags send no bearer)', async () => {
    const res = await get(`/api/file/${fileId}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
  });

  it('refuses another user with 403, a guest with 401 and an unknown id with 404', async () => {
    expect((await get(`/api/file/${fileId}`, { authorization: `Bearer ${stranger.token}` })).status).toBe(403);
    expect((await get(`/api/file/${fileId}`, { cookie: stranger.cookie })).status).toBe(403);
    expect((await get(`/api/files/${fileId}`, { authorization: `Bearer ${stranger.token}` })).status).toBe(403);
    expect((await get(`/api/file/${fileId}`)).status).toBe(401);
    expect((await get('/api/file/99999999', { authorization: `Bearer ${owner.token}` })).status).toBe(404);
    expect((await get('/api/file/abc', { authorization: `Bearer ${owner.token}` })).status).toBe(404);
  });
});

describe('audio processing', () => {
  async function settled(id: number): Promise<any> {
    let file: any;
    await expect
      .poll(
        async () => {
          file = (await (await get(`/api/files/${id}`, { authorization: `Bearer ${owner.token}` })).json()).data;
          return file.transcoding_status;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toMatch(/^(completed|failed)$/);
    return file;
  }

  it('decodes uploaded audio in the background: duration, waveform peaks, completed', async () => {
    const res = await upload(TONE, { token: owner.token, name: 'tone.mp3' });
    expect(res.body.data).toMatchObject({ mime: 'audio/mpeg', isAudio: true, transcoding_status: 'pending' });
    const file = await settled(res.body.data.id);
    expect(file.transcoding_status).toBe('completed');
    expect(file.duration).toBeGreaterThan(2.9);
    expect(file.duration).toBeLessThan(3.2);
    expect(file.waveform.length).toBeGreaterThan(100);
    expect(Math.max(...file.waveform)).toBe(1);
    // The first half of the tone is quieter than the second.
    const half = Math.floor(file.waveform.length / 2);
    expect(file.waveform[Math.floor(half / 2)]).toBeLessThan(file.waveform[half + Math.floor(half / 2)]);
  });

  it('marks audio that cannot be decoded as failed', async () => {
    // A RIFF/WAVE header (so the type check passes) with an impossible format: no decoder takes it.
    const corrupt = Buffer.alloc(4044);
    corrupt.write('RIFF', 0);
    corrupt.writeUInt32LE(4036, 4);
    corrupt.write('WAVE', 8);
    corrupt.write('fmt ', 12);
    corrupt.writeUInt32LE(16, 16);
    corrupt.writeUInt16LE(0x7777, 20);
    corrupt.write('data', 36);
    corrupt.writeUInt32LE(4000, 40);
    const res = await upload(corrupt, { token: owner.token, name: 'broken.wav' });
    expect(res.status).toBe(201);
    const file = await settled(res.body.data.id);
    expect(file.transcoding_status).toBe('failed');
    expect(file.waveform).toBeNull();
  });
});

describe('POST /api/files/by-url', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const { allowedFetchPort } = await testServer();
    server = createServer((req, res) => {
      if (req.url === '/pictures/pasted.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(PNG);
      } else if (req.url === '/moved') {
        res.writeHead(302, { location: '/pictures/pasted.png' });
        res.end();
      } else if (req.url === '/big.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.alloc(51 * 1024 * 1024));
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(allowedFetchPort, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${allowedFetchPort}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('fetches the URL through the guarded fetcher and answers data.data.id', async () => {
    const res = await postJson('/api/files/by-url', owner.token, { url: `${base}/moved` });
    expect(res.status).toBe(201);
    expect(res.body.data.data.id).toBe(res.body.data.id);
    expect(res.body.data).toMatchObject({ mime: 'image/png', original_name: 'pasted.png', original_url: `${base}/moved`, size: PNG.length, user_id: owner.id });
  });

  it('refuses private addresses that are not allowed, with the fetcher message on url', async () => {
    const res = await postJson('/api/files/by-url', owner.token, { url: 'http://127.0.0.1:9/secret.png' });
    expect(res.status).toBe(422);
    expect(res.body.errors.url[0]).toMatch(/private network/);
    const metadata = await postJson('/api/files/by-url', owner.token, { url: 'http://169.254.169.254/latest/meta-data' });
    expect(metadata.status).toBe(422);
  });

  it('answers 422 for a missing file, a body over the size limit, a bad scheme or no url', async () => {
    expect((await postJson('/api/files/by-url', owner.token, { url: `${base}/nothing.png` })).body.errors.url).toEqual([
      'The file could not be downloaded (HTTP 404).',
    ]);
    const big = await postJson('/api/files/by-url', owner.token, { url: `${base}/big.png` });
    expect(big.status).toBe(422);
    expect(big.body.errors.url[0]).toMatch(/larger than|too large|limit/i);
    expect((await postJson('/api/files/by-url', owner.token, { url: 'file:///etc/passwd' })).status).toBe(422);
    expect((await postJson('/api/files/by-url', owner.token, {})).body.errors.url).toEqual(['The url field is required.']);
  });
});

describe('test-only kit note (APP_ENV=test)', () => {
  it('stores sanitised HTML and reads it back', async () => {
    const { baseUrl } = await testServer();
    const res = await fetch(`${baseUrl}/api/dev/kit-note`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        content: '<p onclick="x()">Read by <strong>Ana</strong><script>alert(1)</script></p><img src="x" onerror="alert(1)"><img src="/api/file/7" alt="map">',
      }),
    });
    expect(res.status).toBe(200);
    // A relative image that is not one of our files is dropped; our file URL stays.
    expect((await res.json()).data.content).toBe('<p>Read by <strong>Ana</strong></p><img src="/api/file/7" alt="map" />');
    const back = await (await get('/api/dev/kit-note', { authorization: `Bearer ${owner.token}` })).json();
    expect(back.data.content).toBe('<p>Read by <strong>Ana</strong></p><img src="/api/file/7" alt="map" />');
    expect((await get('/api/dev/kit-note')).status).toBe(401);
  });
});
