/**
 * Domain events (src/lib/server/domain-events.ts): announcements after commit never throw, while a step
 * inside a transaction has one handler, fails loudly without one, and rolls back with its handler.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/lib/server/db';
import { emitDealEvent, handleDealTxStep, onDealEvent, runDealTxStep } from '../../src/lib/server/domain-events';

const tx = {} as Tx;
const holder = globalThis as Record<symbol, Map<string, unknown> | undefined>;
afterEach(() => {
  holder[Symbol.for('cuepoint.domain-events.tx-steps')]?.clear();
  holder[Symbol.for('cuepoint.domain-events')]?.clear();
});

describe('domain events', () => {
  it('runs a step with its one handler, inside the caller’s transaction', async () => {
    const seen: Array<[Tx, number[]]> = [];
    handleDealTxStep('jobs-funded', async (t, { jobIds }) => void seen.push([t, jobIds]));
    // Registering again replaces the handler: a step has exactly one.
    handleDealTxStep('jobs-funded', async (t, { jobIds }) => void seen.push([t, jobIds.map((id) => id * 10)]));
    await runDealTxStep(tx, 'jobs-funded', { jobIds: [1, 2] });
    expect(seen).toEqual([[tx, [10, 20]]]);
  });

  it('refuses a step no domain handles, so the change is never half made', async () => {
    await expect(runDealTxStep(tx, 'jobs-funded', { jobIds: [1] })).rejects.toThrow(/No domain handles the "jobs-funded" step/);
  });

  it('passes a handler’s failure on to roll the transaction back', async () => {
    handleDealTxStep('proposal-saved', async () => {
      throw new Error('the room could not open');
    });
    const input = { packageId: 1, podcastId: 2, campaignId: 3, opportunityId: 4, brandUserId: 5, podcasterUserId: 6, content: '<p>Proposal</p>' };
    await expect(runDealTxStep(tx, 'proposal-saved', input)).rejects.toThrow('the room could not open');
  });

  it('keeps an announcement’s failure to itself: the change stands and the other listeners run', async () => {
    const heard: string[] = [];
    onDealEvent('failing', () => {
      throw new Error('listener down');
    });
    onDealEvent('recording', (event) => {
      heard.push(event.step);
      return 7;
    });
    const made = await emitDealEvent({ step: 'hired', packageId: 1, jobIds: [], text: 'Hired' });
    expect(heard).toEqual(['hired']);
    expect(made).toEqual([7]);
  });
});
