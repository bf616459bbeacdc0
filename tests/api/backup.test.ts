/**
 * Issue 15, item 6: `npm run backup` while the server serves (this suite's server, on PGlite or on
 * PostgreSQL), then `npm run restore` on a fresh machine (a new DATA_DIR, or an empty PostgreSQL database):
 * the accounts and stored files come back, and what happened after the backup is not there.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../support/http';
import { startChildServer, type ChildServer } from '../support/child-server';
import { testServer } from '../support/test-server';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const CLIENT = { client_id: 'cuepoint-web', client_secret: 'cuepoint-web-client-secret', scope: '' };
const PASSWORD = 'backed up pw';
const POSTGRES = process.env.TEST_DATABASE_URL;

let restoredServer: ChildServer | null = null;
const dirs: string[] = [];
const tmp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `cuepoint-${name}-`));
  dirs.push(dir);
  return dir;
};
let admin: pg.Client | null = null;
const targetDb = POSTGRES ? `${new URL(POSTGRES).pathname.slice(1)}_restore` : '';
afterAll(async () => {
  await restoredServer?.stop();
  if (admin) {
    await admin.query(`drop database if exists ${targetDb} with (force)`).catch(() => undefined);
    await admin.end();
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs one of the product's scripts as `npm run` would, with the given environment. */
const script = (args: string[], env: Record<string, string>) => {
  const { TEST_DATABASE_URL: _t, DATABASE_URL: _d, ...inherited } = process.env;
  return run(process.execPath, args, { cwd: ROOT, env: { ...inherited, APP_ENV: 'test', ...env } });
};

const register = (email: string) => call('POST', '/register', { body: { type: 'BRAND', first_name: 'Back', last_name: 'Up', email, password: PASSWORD } });

async function signInAt(base: string, email: string) {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: email, password: PASSWORD, ...CLIENT }),
  });
  return { status: res.status, body: (await res.json()) as { access_token: string } };
}

describe(`backup and restore (${POSTGRES ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('backs up while the server serves and restores on a fresh machine', async () => {
    const { baseUrl, dataDir } = await testServer();
    const email = `kept-${Date.now()}@example.com`;
    expect((await register(email)).status).toBe(201);
    const { body: tokens } = await signInAt(baseUrl, email);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'pixel.png');
    const uploaded = await fetch(`${baseUrl}/api/files`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
    });
    expect(uploaded.status).toBe(201);
    const fileId = ((await uploaded.json()) as { data: { id: number } }).data.id;

    // The backup, taken while this suite's server keeps serving.
    const out = join(tmp('backup'), 'snapshot');
    const serving = { DATA_DIR: dataDir, PORT: new URL(baseUrl).port, HOST: '127.0.0.1', ...(POSTGRES ? { DATABASE_URL: POSTGRES } : {}) };
    const backup = await script(['server/backup.mjs', '--out', out], serving);
    expect(backup.stdout).toContain(POSTGRES ? 'pg_dump' : 'taken by the server');
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 1, dialect: POSTGRES ? 'postgres' : 'pglite', app_key: 'included' });
    expect(manifest.files).toBeGreaterThan(0);
    // Only the owner may read a backup (the database, the files, the app key): folders 0700, files 0600.
    expect(statSync(out).mode & 0o777).toBe(0o700);
    for (const name of [manifest.database, 'manifest.json', 'app-key']) expect(statSync(join(out, name)).mode & 0o777, name).toBe(0o600);
    const later = `after-${Date.now()}@example.com`;
    expect((await register(later)).status).toBe(201);

    // A fresh machine: a new DATA_DIR, and on PostgreSQL an empty database.
    const fresh = tmp('fresh');
    const target: Record<string, string> = { DATA_DIR: fresh };
    if (POSTGRES) {
      admin = new pg.Client({ connectionString: POSTGRES });
      await admin.connect();
      await admin.query(`drop database if exists ${targetDb} with (force)`);
      await admin.query(`create database ${targetDb}`);
      target.DATABASE_URL = Object.assign(new URL(POSTGRES), { pathname: `/${targetDb}` }).toString();
    }
    const restored = await script(['server/restore.mjs', out], target);
    expect(restored.stdout).toContain('Restored the backup');
    // Restoring over a database that has data is refused without --force.
    await expect(script(['server/restore.mjs', out], target)).rejects.toThrow(POSTGRES ? /already has tables/ : /already holds a database/);

    restoredServer = await startChildServer(target);
    const signedIn = await signInAt(restoredServer.baseUrl, email);
    expect(signedIn.status).toBe(200);
    const file = await fetch(`${restoredServer.baseUrl}/api/file/${fileId}`, { headers: { authorization: `Bearer ${signedIn.body.access_token}` } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    // A session signed before the backup still verifies: the app key came along.
    expect((await fetch(`${restoredServer.baseUrl}/api/user`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(200);
    expect((await signInAt(restoredServer.baseUrl, later)).status).toBe(400);
  }, 180_000);
});
