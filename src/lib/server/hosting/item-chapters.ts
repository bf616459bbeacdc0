/**
 * Chapters the hosted feed links for an episode that has none of its own, supplied by a domain above
 * hosting: the ads domain links an episode's ad breaks as chapters, so players show where they are.
 * Hosting writes the feed and knows nothing of ads; ads registers its supplier at boot
 * (runtime.ts registerDomainWork → registerAdFeedChapters), the way the workrooms subscribe to deal events.
 */
import { supplier } from '../suppliers';

export interface ItemChaptersLink {
  url: string;
  type: string;
}

/** Answers, for these episodes of a feed, the chapters link of each one that has any (keyed by episode id). */
export type ItemChaptersSupplier = (episodes: ReadonlyArray<{ id: number; hash_id: string }>) => Promise<Map<number, ItemChaptersLink>>;

const chapters = supplier<ItemChaptersSupplier>('hosting.item-chapters');

/** Registers the supplier (once per process; registering again replaces it). */
export function supplyItemChapters(supply: ItemChaptersSupplier): void {
  chapters.supply(supply);
}

/** The supplied chapters links for a feed's episodes (none when nothing is registered). */
export async function suppliedItemChapters(episodes: ReadonlyArray<{ id: number; hash_id: string }>): Promise<Map<number, ItemChaptersLink>> {
  const supply = chapters.get();
  return supply && episodes.length ? supply(episodes) : new Map();
}
