/**
 * [JOBS]: the queue as the running server works it: lanes, retries, dead letters and the admin page that
 * shows them. The jobs registered here run in the test server's own worker (one process, one registry).
 */
import { describe, expect, it } from 'vitest';
import { enqueue, listJobs, registerJob } from '../../src/lib/server/jobs/queue';
import { listDeadLetters } from '../../src/lib/server/jobs/dead-letters';
import { seedUser } from '../support/builders';
import { page } from '../support/http';
import { testServer } from '../support/test-server';

const ran: { kind: string; attempt: number; at: number }[] = [];
/** The stand-in host the failing job needs: down until the test brings it back. */
let hostIsUp = false;
registerJob('tests.always-fails', async (payload: { note?: string }, job) => {
  ran.push({ kind: hostIsUp ? 'done' : 'fails', attempt: job.attempts, at: Date.now() });
  if (!hostIsUp) throw new Error(`The ${payload.note ?? 'thing'} could not be reached.`);
});
registerJob(
  'tests.slow-import',
  async () => {
    ran.push({ kind: 'slow-start', attempt: 1, at: Date.now() });
    await new Promise((r) => setTimeout(r, 3000));
    ran.push({ kind: 'slow-end', attempt: 1, at: Date.now() });
  },
  { lane: 'imports' },
);
registerJob('mail.test-ping', async () => {
  ran.push({ kind: 'mail', attempt: 1, at: Date.now() });
});

async function until<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Posts one of the admin page's forms the way the browser does (same origin, signed-in cookie). */
async function postForm(cookie: string, form: Record<string, string>) {
  const { baseUrl } = await testServer();
  const res = await fetch(`${baseUrl}/admin/jobs`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
  return { status: res.status, html: await res.text() };
}

describe('[JOBS] lanes, retries and dead letters', () => {
  it('sends mail while an import runs: each lane has its own workers', async () => {
    await testServer();
    ran.length = 0;
    await enqueue('tests.slow-import', {});
    await until(async () => ran.some((r) => r.kind === 'slow-start'), 'the import starting');
    await enqueue('mail.test-ping', {});
    await until(async () => ran.some((r) => r.kind === 'mail'), 'the mail going out');
    const mail = ran.find((r) => r.kind === 'mail')!;
    // The mail went out before the import it was queued behind had finished.
    expect(ran.some((r) => r.kind === 'slow-end' && r.at < mail.at)).toBe(false);
  });

  it('retries a failing job, then keeps it as a dead letter that an admin can retry or discard', async () => {
    await testServer();
    ran.length = 0;
    const id = await enqueue('tests.always-fails', { note: 'stand-in host' }, { maxAttempts: 2, retryDelaySeconds: 1 });
    expect(id).toBeTruthy();
    const letter = await until(async () => (await listDeadLetters()).find((d) => d.name === 'tests.always-fails'), 'the dead letter');
    expect(ran.filter((r) => r.kind === 'fails').map((r) => r.attempt)).toEqual([1, 2]);
    expect(letter).toMatchObject({ attempts: 2, error: 'The stand-in host could not be reached.', payload: { note: 'stand-in host' }, lane: 'default' });
    expect((await listJobs('tests.always-fails'))[0]).toMatchObject({ state: 'failed', attempts: 2 });

    const admin = await seedUser({ type: 'ADMIN' });
    const brand = await seedUser({ type: 'BRAND' });
    expect((await page('/admin/jobs', brand.cookie)).status).toBe(404);
    const shown = await page('/admin/jobs', admin.cookie);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Failed jobs');
    expect(shown.html).toContain('tests.always-fails');
    expect(shown.html).toContain('The stand-in host could not be reached.');
    expect(shown.html).toContain('hosting.import-feed');

    // A form from another site is refused.
    const { baseUrl } = await testServer();
    const foreign = await fetch(`${baseUrl}/admin/jobs`, {
      method: 'POST',
      headers: { cookie: admin.cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ job_id: letter.id, action: 'discard' }).toString(),
    });
    expect(await foreign.text()).toContain('That request did not come from this page.');

    // The host is back: Retry runs the job again, and this time it completes.
    hostIsUp = true;
    ran.length = 0;
    const retried = await postForm(admin.cookie, { job_id: letter.id, action: 'retry' });
    expect(retried.html).toContain('is queued again');
    await until(async () => ran.some((r) => r.kind === 'done'), 'the retried job completing');
    expect((await postForm(admin.cookie, { job_id: letter.id, action: 'retry' })).html).toContain('is no longer waiting');

    // Discard: another one that failed for good is removed without running.
    hostIsUp = false;
    await enqueue('tests.always-fails', { note: 'old host' }, { maxAttempts: 1 });
    const again = await until(
      async () => (await listDeadLetters()).find((d) => d.name === 'tests.always-fails' && d.payload.note === 'old host'),
      'the second dead letter',
    );
    const discarded = await postForm(admin.cookie, { job_id: again.id, action: 'discard' });
    expect(discarded.html).toContain('was discarded');
    expect((await listDeadLetters()).some((d) => d.name === 'tests.always-fails')).toBe(false);
    expect((await postForm(admin.cookie, { job_id: 'nope', action: 'discard' })).html).toContain('Choose a failed job.');
  });
});
