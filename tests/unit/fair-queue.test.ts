// Issue #16: requests start in the order they arrived, one per turn of the event loop
// (server/fair-queue.mjs), so a request that came a moment late is not left behind a whole round.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { firstComeFirstServed } from '../../server/fair-queue.mjs';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('first come, first served', () => {
  it('starts one queued request per turn, in the order they came', async () => {
    const started: number[] = [];
    const serve = firstComeFirstServed((req: { n: number }) => started.push(req.n));
    for (const n of [1, 2, 3]) serve({ n }, {});
    expect(started).toEqual([]);
    await turn();
    expect(started).toEqual([1]);
    // One that comes now queues behind those already waiting.
    serve({ n: 4 }, {});
    await turn();
    expect(started).toEqual([1, 2]);
    await turn();
    await turn();
    await turn();
    expect(started).toEqual([1, 2, 3, 4]);
    // An idle queue starts the next request on the next turn.
    serve({ n: 5 }, {});
    await turn();
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the order over a long backlog that never runs dry', async () => {
    const started: number[] = [];
    const serve = firstComeFirstServed((req: { n: number }) => started.push(req.n));
    let next = 0;
    for (; next < 100; next++) serve({ n: next }, {});
    while (started.length < 3000) {
      serve({ n: next++ }, {});
      await turn();
    }
    expect(started.slice(0, 3000)).toEqual(Array.from({ length: 3000 }, (_, i) => i));
  });

  it('answers real HTTP requests through the queue', async () => {
    const server = createServer(firstComeFirstServed((req: IncomingMessage, res: ServerResponse) => res.end(`you asked for ${req.url}`)));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const answers = await Promise.all(['/a', '/b', '/c'].map(async (path) => (await fetch(`http://127.0.0.1:${port}${path}`)).text()));
      expect(answers).toEqual(['you asked for /a', 'you asked for /b', 'you asked for /c']);
    } finally {
      server.close();
    }
  });
});
