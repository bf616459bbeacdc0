/**
 * A second server process of the built product (npm run serve), for what one process cannot show: several
 * instances on one PostgreSQL database, a backup taken while serving, a restore on a fresh machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ChildServer {
  baseUrl: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** A free port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `node server/start.mjs` with the given environment and waits until it answers. */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { TEST_DATABASE_URL: _t, DATABASE_URL: _d, ...inherited } = process.env;
  const child = spawn(process.execPath, ['server/start.mjs'], {
    cwd: ROOT,
    env: { ...inherited, APP_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), APP_URL: baseUrl, SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log}`);
    const up = await fetch(`${baseUrl}/login`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    process: child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
