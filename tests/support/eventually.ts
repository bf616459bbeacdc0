/**
 * Waits for background work (the job queue, refunds after commit) to reach what a test expects: reads until
 * `ok` holds or `ms` pass, and returns the last value read, so the test's own expect shows what was there.
 */
export async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}
