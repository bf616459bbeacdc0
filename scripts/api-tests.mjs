// The API tests: always on a fresh PGlite database, and again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const projects = process.argv.slice(2).length ? process.argv.slice(2) : ['api'];
const args = ['run', ...projects.flatMap((p) => ['--project', p])];
const run = (label, env) => {
  console.log(`\n[tests] ${projects.join(', ')} on ${label}`);
  const result = spawnSync('vitest', args, { stdio: 'inherit', env, shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
run('PGlite', withoutPostgres);
if (TEST_DATABASE_URL) run(`PostgreSQL (${TEST_DATABASE_URL})`, { ...process.env, TEST_DATABASE_URL });
