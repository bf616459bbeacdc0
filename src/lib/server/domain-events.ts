/**
 * Domain events: a domain announces, after commit, a step in a deal it just made (a proposal sent, a
 * hire, funding, an air date, an ad aired, a refund), and the domains above it act on it without the
 * lower one importing them. The workrooms domain subscribes at boot (runtime.ts registerDomainWork) to
 * post the step in the package's thread and refresh both sides' screens.
 *
 * Listeners run in the order they subscribed and are awaited, so when the request that made the change
 * answers, the thread already shows it. A listener's failure is logged, never thrown: the change stands.
 */

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
