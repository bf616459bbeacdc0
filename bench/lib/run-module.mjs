// Runs one benchmark module in its own process for bench/run.mjs: imports it, awaits its exported
// `bench()`, and sends the rows it returns to the parent over IPC.
import { pathToFileURL } from 'node:url';

const mod = await import(pathToFileURL(process.argv[2]).href);
if (typeof mod.bench !== 'function') throw new Error(`${process.argv[2]} does not export bench()`);
const rows = await mod.bench();
process.send({ rows }, () => process.exit(0));
