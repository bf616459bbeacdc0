// Starts every server the browser tests use at once, and answers E2E_READY_PORT's /ready only when
// each of them answers its own address. Playwright starts the servers of its `webServer` list one after
// another; each seeds a fresh demo database (25 s or more on a 2-core machine, much of it waiting on
// ffmpeg), so six in a row took about two and a half minutes. Here they start side by side, a few at a
// time (E2E_START_AT_ONCE, 3) so their seeds share the CPUs rather than fight over them.
//
// E2E_SERVERS (from playwright.config.ts): [{ name, command: [script, ...args], env, url }]. Each child
// gets this process's environment plus its own `env`; its stdout is dropped and its stderr passed on.
// Stopping this process (Playwright's teardown) stops every child. E2E_START_LOG=1 prints how long each took.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
const readyPort = Number(process.env.E2E_READY_PORT);
const atOnce = Number(process.env.E2E_START_AT_ONCE ?? 3);
// E2E_START_TIMEOUT_S: how long one server may take to answer (240 s; more on a machine shared with other work).
const START_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_S ?? 240) * 1000;
if (!servers.length || !readyPort) {
  console.error('start-servers: E2E_SERVERS and E2E_READY_PORT must be set (playwright.config.ts sets them)');
  process.exit(1);
}

const children = new Set();
const stopAll = (code) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
process.on('SIGTERM', () => stopAll(0));
process.on('SIGINT', () => stopAll(0));

async function answers(url) {
  try {
    const res = await fetch(url, { redirect: 'manual' });
    await res.arrayBuffer();
    return res.status < 500;
  } catch {
    return false;
  }
}

/** Starts one server and resolves once its address answers; a child that exits first stops everything. */
async function start({ name, command, env, url }) {
  const child = spawn(process.execPath, command, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  let exited = null;
  child.once('exit', (code, signal) => {
    children.delete(child);
    exited = signal ?? code;
    console.error(`start-servers: ${name} exited (${exited})`);
    stopAll(1);
  });
  const startedAt = Date.now();
  while (!(await answers(url))) {
    if (exited !== null) return;
    if (Date.now() - startedAt > START_TIMEOUT_MS) {
      console.error(`start-servers: ${name} did not answer ${url} within ${START_TIMEOUT_MS / 1000} s`);
      stopAll(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (process.env.E2E_START_LOG) console.error(`start-servers: ${name} answered after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}

const queue = [...servers];
await Promise.all(
  Array.from({ length: Math.min(atOnce, queue.length) }, async () => {
    while (queue.length) await start(queue.shift());
  }),
);

createServer((req, res) => res.writeHead(req.url === '/ready' ? 200 : 404).end()).listen(readyPort, '127.0.0.1');
