// Benchmark of on-air verification (issue 12): `node bench/verification.mjs` (BENCH_VERIFY_EPISODES=12).
// How long the listener takes for a 60-minute episode (goal: under 10 s on this machine) and its
// detection rate on a generated set (every placement found, 0 false matches). The domain code is
// TypeScript with extensionless imports, so it is bundled first with esbuild, packages left external.
import { pathToFileURL } from 'node:url';
import { runBundled } from './lib/bundle.mjs';
import { plainTable } from './lib/table.mjs';

const GOAL_SECONDS = 10;

/** Bundles and runs the verification benchmark; answers its rows. */
export async function bench() {
  const r = await runBundled('verification-entry.ts', 'runVerificationBench');
  const group = 'On-air verification (ffmpeg + landmark fingerprints)';
  const mmss = (ms) => `${Math.floor(ms / 60000)}:${String(Math.round((ms % 60000) / 1000)).padStart(2, '0')}`;
  return [
    {
      group,
      name: 'verify a 60-minute episode (decode, fingerprint, search)',
      value: r.total.toFixed(2),
      unit: 's',
      target: `< ${GOAL_SECONDS}`,
      met: r.total < GOAL_SECONDS && r.hourFound,
      note: `decode ${r.decode.toFixed(2)} s, fingerprint ${r.fingerprint.toFixed(2)} s, search ${r.match.toFixed(3)} s; ad found at ${mmss(r.hourOffset)} (placed at 41:00)`,
    },
    {
      group,
      name: `placements found (${r.set} generated episodes, 32-128 kbps, 0.4-1.6 volume)`,
      value: `${r.found}/${r.set}`,
      unit: '',
      target: `${r.set}/${r.set}`,
      met: r.found === r.set,
      note: `${r.exact} within 3 frames of the true start`,
    },
    {
      group,
      name: 'false matches (a different ad by the same voice, both ways)',
      value: String(r.falseMatches),
      unit: '',
      target: '0',
      met: r.falseMatches === 0,
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log(plainTable(await bench()));
