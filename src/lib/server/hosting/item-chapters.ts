/**
 * Chapters the hosted feed links for an episode that has none of its own, supplied by a domain above
 * hosting: the ads domain links an episode's ad breaks as chapters, so players show where they are.
 * Hosting writes the feed and knows nothing of ads; ads registers its supplier at boot
 * (runtime.ts registerDomainWork → registerAdFeedChapters), the way the workrooms subscribe to deal events.
 */

export interface ItemChaptersLink {
  url: string;
  type: string;
}

/** Answers, for these episodes of a feed, the chapters link of each one that has any (keyed by episode id). */
export type ItemChaptersSupplier = (episodes: ReadonlyArray<{ id: number; hash_id: string }>) => Promise<Map<number, ItemChaptersLink>>;

const KEY = Symbol.for('cuepoint.hosting.item-chapters');
type Holder = { [KEY]?: ItemChaptersSupplier };

/** Registers the supplier (once per process; registering again replaces it). */
export function supplyItemChapters(supplier: ItemChaptersSupplier): void {
  (globalThis as Holder)[KEY] = supplier;
}

/** The supplied chapters links for a feed's episodes (none when nothing is registered). */
export async function suppliedItemChapters(episodes: ReadonlyArray<{ id: number; hash_id: string }>): Promise<Map<number, ItemChaptersLink>> {
  const supplier = (globalThis as Holder)[KEY];
  return supplier && episodes.length ? supplier(episodes) : new Map();
}
