/**
 * The one rule for what a proposal, a hire or a selection of proposal items costs, in integer cents.
 *
 * A proposal's items are its top-level jobs: a single-episode job, or a multi-episode parent
 * (`is_episode` false, `episodes` n, `fee` per episode) whose n single-episode children carry one date
 * each. Money is counted on the single-episode jobs only (the billable jobs), so a parent is never
 * counted beside its children, and a declined job costs nothing. Server and islands both call this.
 */

export interface PricedJob {
  id: number;
  fee: number;
  episodes: number;
  is_episode: boolean;
  parent_id?: number | null;
  /** A declined job, as the database has it (`declined_at`) or as payloads have it (`is_declined`). */
  declined_at?: Date | string | null;
  is_declined?: boolean;
}

/** True when the job was declined by the brand. */
export function isDeclined(job: Pick<PricedJob, 'declined_at' | 'is_declined'>): boolean {
  return Boolean(job.is_declined ?? job.declined_at);
}

/** True for the jobs that carry money: single-episode jobs (a parent is billed through its children). */
export function isBillable(job: Pick<PricedJob, 'episodes' | 'is_episode'>): boolean {
  return job.is_episode && job.episodes === 1;
}

/** The price of one proposal item as offered: its fee for every episode it covers. */
export function itemPrice(job: Pick<PricedJob, 'fee' | 'episodes'>): number {
  return job.fee * job.episodes;
}

/** What a proposal, a hire or any set of its jobs costs: the fees of the billable jobs that are not declined. */
export function proposalTotal(jobs: readonly PricedJob[]): number {
  return jobs.filter((j) => isBillable(j) && !isDeclined(j)).reduce((sum, j) => sum + j.fee, 0);
}

/**
 * The billable jobs a selection stands for: each chosen single-episode job, and every child of a
 * chosen parent (declined ones left out), each once.
 */
export function billableJobsOf<J extends PricedJob>(jobs: readonly J[], ids: Iterable<number>): J[] {
  const chosen = new Set(ids);
  return jobs.filter((j) => isBillable(j) && !isDeclined(j) && (chosen.has(j.id) || (j.parent_id != null && chosen.has(j.parent_id))));
}

/** What a selection of items costs (the hire bar, the hire itself). */
export function selectionTotal(jobs: readonly PricedJob[], ids: Iterable<number>): number {
  return proposalTotal(billableJobsOf(jobs, ids));
}

/** The items of a proposal as the brand sees and picks them: its top-level jobs. */
export function proposalItems<J extends PricedJob>(jobs: readonly J[]): J[] {
  return jobs.filter((j) => j.parent_id == null);
}

/**
 * THE "hired" figure (a campaign's Hired card, the podcaster's dashboard, earnings): the hires that
 * stand (a cancelled hire, refunded in full, is not one) and what they are worth, each hire at its
 * total (proposalTotal of the jobs it hired). A proposal's items that were not hired never count.
 */
export function hired(hires: ReadonlyArray<{ status: string; jobs: readonly PricedJob[] }>): { count: number; total: number } {
  const standing = hires.filter((h) => h.status !== 'cancelled');
  return { count: standing.length, total: standing.reduce((s, h) => s + proposalTotal(h.jobs), 0) };
}
