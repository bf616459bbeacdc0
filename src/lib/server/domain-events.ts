/**
 * Domain events: a domain announces, after commit, a step in a deal it just made (a proposal sent, a
 * hire, funding, an air date, an ad aired, a refund), and the domains above it act on it without the
 * lower one importing them. The workrooms domain subscribes at boot (runtime.ts registerDomainWork) to
 * post the step in the package's thread and refresh both sides' screens.
 *
 * Listeners run in the order they subscribed and are awaited, so when the request that made the change
 * answers, the thread already shows it. A listener's failure is logged, never thrown: the change stands.
 */

import type { Tx } from './db';

/** The steps of a deal's life the thread shows. */
export type DealStep =
  | 'proposed'
  | 'declined'
  | 'hired'
  | 'funded'
  | 'air-date'
  | 'submitted'
  | 'approved'
  | 'changes-requested'
  | 'aired'
  | 'released'
  | 'cancelled'
  | 'refunded'
  | 'disputed';

export interface DealEvent {
  step: DealStep;
  /** The package (proposal) the deal is about: its workroom is where the step shows. */
  packageId: number;
  /** The jobs that changed (for the screens that show them). */
  jobIds: number[];
  /** The line the thread shows: plain text, or HTML that starts with a block tag. Empty: no line, the screens refresh. */
  text: string;
  /** What kind of line, when it is more than a plain event ('ad-automatically-detected', 'ad-manually-detected'). */
  kind?: 'ad-automatically-detected' | 'ad-manually-detected';
  /** The deliverable the line is about. */
  deliverableId?: number | null;
}

/** A listener answers the id of the record it made for the event (a message), if any. */
export type DealListener = (event: DealEvent) => Promise<number | void> | number | void;

const KEY = Symbol.for('cuepoint.domain-events');
type Holder = { [KEY]?: Map<string, DealListener> };
const listeners = () => ((globalThis as Holder)[KEY] ??= new Map());

/** Subscribes to deal events under a name (subscribing again under the same name replaces it: one per process). */
export function onDealEvent(name: string, listener: DealListener): () => void {
  listeners().set(name, listener);
  return () => listeners().delete(name);
}

/** Announces a deal step after commit; answers the ids of the records the listeners made (a thread message). */
export async function emitDealEvent(event: DealEvent): Promise<number[]> {
  const made: number[] = [];
  for (const [name, listener] of listeners()) {
    try {
      const id = await listener(event);
      if (typeof id === 'number') made.push(id);
    } catch (error) {
      console.error(`[domain-events] ${name} failed on ${event.step}:`, error instanceof Error ? error.message : error);
    }
  }
  return made;
}

/**
 * Steps inside a transaction: where a lower domain's change needs a higher domain's part in the same
 * transaction (all or nothing), it runs the step by name and the domain that owns the part handles it,
 * registered at boot. Unlike the announcements above, a step has exactly one handler, a missing handler
 * is an error (the change would be half made), and a handler's failure rolls the transaction back.
 */
export interface DealTxSteps {
  /** A proposal was sent or edited (marketplace): its workroom opens, or reopens, with the proposal's details (workrooms). */
  'proposal-saved': {
    packageId: number;
    podcastId: number;
    campaignId: number;
    opportunityId: number;
    brandUserId: number;
    podcasterUserId: number;
    /** The details line (HTML). */
    content: string;
  };
  /** Hirings were charged (payments): their jobs and multi-episode parents are funded and start (delivery). */
  'jobs-funded': { jobIds: number[] };
  /**
   * A proposal's ads were sent, or edited while it is pending (marketplace): delivery writes its jobs, one per
   * episode under a parent for several, replacing the pending ones on an edit.
   */
  'proposal-jobs': {
    packageId: number;
    /** Each ad: its fee per episode in cents, its episodes and one delivery date (YYYY-MM-DD) per episode. */
    jobs: Array<{ campaign_ad_id: number; fee: number; episodes: number; dates: string[] }>;
    replace: boolean;
  };
  /**
   * The marketplace ended jobs (a declined proposal item: 'rejected'; a cancelled hire: 'dropped'): delivery,
   * which owns a job's states, moves each through its transition rules.
   */
  'jobs-ended': { jobIds: number[]; to: 'rejected' | 'dropped'; declinedAt?: Date };
  /** The campaign wizard's attribution tab chose a site, or none (campaigns): the campaign is attributed to it (measurement). */
  'campaign-site': { campaignId: number; siteId: number | null };
}

export type DealTxStep = keyof DealTxSteps;
type TxHandler<K extends DealTxStep> = (tx: Tx, input: DealTxSteps[K]) => Promise<unknown>;

const TX_KEY = Symbol.for('cuepoint.domain-events.tx-steps');
type TxHolder = { [TX_KEY]?: Map<DealTxStep, TxHandler<DealTxStep>> };
const txHandlers = () => ((globalThis as TxHolder)[TX_KEY] ??= new Map());

/** Registers the one handler of a step (registering again replaces it). */
export function handleDealTxStep<K extends DealTxStep>(step: K, handler: TxHandler<K>): void {
  txHandlers().set(step, handler as TxHandler<DealTxStep>);
}

/** Runs a step inside the caller's transaction; throws (rolling it back) when no domain handles it. */
export async function runDealTxStep<K extends DealTxStep>(tx: Tx, step: K, input: DealTxSteps[K]): Promise<void> {
  const handler = txHandlers().get(step);
  if (!handler) throw new Error(`No domain handles the "${step}" step: boot (runtime.ts registerDomainWork) registers its handler.`);
  await handler(tx, input);
}
