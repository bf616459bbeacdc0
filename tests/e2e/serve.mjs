// Starts the built product for the browser tests on a fresh data directory (argument: its name).
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const name = process.argv[2] ?? 'e2e';
const dir = fileURLToPath(new URL(`../.artifacts/${name}`, import.meta.url));
rmSync(dir, { recursive: true, force: true });
process.env.DATA_DIR = dir;
await import('../../server/start.mjs');
