// Starts the built product (server/start.mjs, exactly what `npm run serve` runs) in a child process on a
// fresh database with the demo data: a new PGlite directory, or a new database created next to the one
// DATABASE_URL names (dropped again at stop). bench/lib/probe.mjs is preloaded to count SQL statements.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const defaultRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function freshPostgres(url) {
  const name = `cuepoint_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return {
    url: fresh.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Starts the product; resolves once it answers /login. `root` is the folder holding the build (`dist/`) and
 * `server/` (default: this checkout), so bench/ab/builds.mjs can start several builds side by side.
 */
export async function startProduct({ env = {}, root = defaultRoot, existingDatabase = null } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-bench-'));
  // existingDatabase: a PostgreSQL URL used as it is (bench/scale.mjs's scale dataset), never dropped.
  const postgres = existingDatabase
    ? { url: existingDatabase, drop: async () => undefined }
    : process.env.DATABASE_URL
      ? await freshPostgres(process.env.DATABASE_URL)
      : null;
  const childEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, SEED_DEMO: 'true', ...env };
  if (postgres) childEnv.DATABASE_URL = postgres.url;
  else delete childEnv.DATABASE_URL;
  delete childEnv.NODE_ENV;
  // BENCH_CPU_PROF=<dir>: write a V8 CPU profile of the product there when it stops (open it in DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  // BENCH_NODE_FLAGS: more flags for the product's node (e.g. --trace-gc with BENCH_VERBOSE=1).
  const flags = process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, ...profile, '--import', fileURLToPath(new URL('./probe.mjs', import.meta.url)), 'server/start.mjs'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  // BENCH_VERBOSE=1 shows the product's own output (its errors) as it runs.
  const show = process.env.BENCH_VERBOSE ? (d) => process.stderr.write(d) : () => undefined;
  const collect = (d) => {
    output += d;
    show(d);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + Number(process.env.BENCH_START_SECONDS ?? 180) * 1000; // slower on a busy machine
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product did not start:\n${output}`);
    try {
      if ((await fetch(`${url}/login`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL'); // not left running behind the error
      throw new Error(`the product did not answer within ${process.env.BENCH_START_SECONDS ?? 180} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid,
    database: postgres ? 'PostgreSQL' : 'PGlite',
    /** The PostgreSQL database it runs on (null on PGlite). */
    databaseUrl: postgres?.url ?? null,
    /** Statements counted per path since the last call: { [path]: { requests, statements, queries } }. */
    statements() {
      return this.ask('statements');
    },
    /** Starts a CPU profile of the product (the probe's inspector session); answers a function that stops it and writes `file`. */
    async profile(file) {
      await this.tell({ profile: 'start' }, 'profiling');
      return () => this.tell({ profile: 'stop', file }, 'profiled');
    },
    /** Sends the probe a message and waits for the answer named `name`. */
    tell(message, name) {
      return new Promise((resolve) => {
        const answer = (m) => {
          if (!(name in m)) return;
          child.off('message', answer);
          resolve(m[name]);
        };
        child.on('message', answer);
        child.send(message);
      });
    },
    /** Asks a preloaded probe for one of its figures (it answers `{ [name]: value }`). */
    ask(name) {
      return this.tell(name, name);
    },
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await postgres?.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo accounts' password (seed). */
export const DEMO_PASSWORD = 'cuepoint-demo';

/**
 * Signs a demo account in: its access token, and the cookie a returning browser sends (startup popup dismissed).
 * `otp` answers a code for an account with two-factor on (the mfa_required answer is sent again with it).
 */
export async function signIn(base, email, otp = null) {
  const grant = async (extra) => {
    const res = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        client_id: 'cuepoint-web',
        client_secret: 'cuepoint-web-client-secret',
        username: email,
        password: DEMO_PASSWORD,
        ...extra,
      }),
    });
    return { res, body: await res.json().catch(() => ({})) };
  };
  let { res, body } = await grant({});
  if (!res.ok && body.error === 'mfa_required' && otp) {
    const mfa_token = body.mfa_token;
    ({ res, body } = await grant({ mfa_token, otp: otp() }));
    // A code is good once (replay protection): one already used this 30-second step waits for the next.
    if (!res.ok && body.error === 'invalid_grant') {
      await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 500));
      ({ res, body } = await grant({ mfa_token, otp: otp() }));
    }
  }
  if (!res.ok) throw new Error(`sign-in as ${email} answered ${res.status}: ${JSON.stringify(body)}`);
  const token = body.access_token;
  return { token, cookie: `access_token=${token}; startup_popup=1` };
}

/**
 * Signs an admin in. The first time, as a person would: the password, then the authenticator app set up
 * (POST /api/user/two-factor/totp, confirmed by a code computed from its secret; admins must have two-factor
 * on before anything else, and may not turn it off again), its secret kept in `secretFile` when given. Later
 * runs on the same database sign in with a code from that secret.
 */
export async function signInAdmin(base, email, secretFile = null) {
  const { TOTP, Secret } = await import('otpauth');
  const codeOf = (secret) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
  const saved = secretFile && existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : null;
  if (saved) return signIn(base, email, () => codeOf(saved));
  const session = await signIn(base, email);
  const call = async (path, body) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`POST ${path} as ${email} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const { secret } = await call('/api/user/two-factor/totp');
  await call('/api/user/two-factor/totp/confirm', { code: codeOf(secret) });
  if (secretFile) writeFileSync(secretFile, secret, { mode: 0o600 });
  return session;
}
