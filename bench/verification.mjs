// Benchmark of on-air verification (issues 12 and 33): `node bench/verification.mjs` (BENCH_VERIFY_EPISODES=10 per set).
// How long the listener takes for a 60-minute episode (goal: under 10 s on this machine), its detection
// rate on complete, partial, sped-up and doubled airings, and its false matches (a different ad by the
// same voice, both ways: 0). The domain code is TypeScript with extensionless imports, so it is bundled
// first with esbuild, packages left external.
import { pathToFileURL } from 'node:url';
import { runBundled } from './lib/bundle.mjs';
import { plainTable } from './lib/table.mjs';

const GOAL_SECONDS = 10;

const WHAT = {
  complete: 'complete airings passed, start within 3 frames',
  partial: 'partial airings (3-15 s) not passed, reported where they start and how long',
  'sped-up': 'airings at 0.95-1.05 speed passed, start within 3 frames',
  doubled: 'ads aired twice passed with both airings',
};

/** Bundles and runs the verification benchmark; answers its rows. */
export async function bench() {
  const r = await runBundled('verification-entry.ts', 'runVerificationBench');
  const group = 'On-air verification (ffmpeg + landmark fingerprints)';
  const mmss = (ms) => `${Math.floor(ms / 60000)}:${String(Math.round((ms % 60000) / 1000)).padStart(2, '0')}`;
  return [
    {
      group,
      name: 'verify a 60-minute episode (decode, fingerprint, search at 41 speeds)',
      value: r.total.toFixed(2),
      unit: 's',
      target: `< ${GOAL_SECONDS}`,
      met: r.total < GOAL_SECONDS && r.hourFound,
      note: `decode ${r.decode.toFixed(2)} s, fingerprint ${r.fingerprint.toFixed(2)} s, search ${r.match.toFixed(3)} s; ad found at ${mmss(r.hourOffset)} (placed at 41:00)`,
    },
    ...Object.entries(r.sets).map(([kind, s]) => ({
      group,
      name: `${WHAT[kind]} (generated, 32-128 kbps, 0.4-1.6 volume, a third under a music bed)`,
      value: `${s.passed}/${s.total}`,
      unit: '',
      target: `${s.total}/${s.total}`,
      met: s.passed === s.total,
    })),
    {
      group,
      name: `false matches (a different ad by the same voice, both ways, in ${r.episodes} episodes)`,
      value: String(r.falseMatches),
      unit: '',
      target: '0',
      met: r.falseMatches === 0,
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log(plainTable(await bench()));
