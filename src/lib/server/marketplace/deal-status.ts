/**
 * The one transition module of `packages.status` (a proposal) and `opportunities.status` (a show's
 * sponsorship of a campaign). Only the functions here write either status:
 * - a proposal is pending until it is hired, declined by the brand (every item) or withdrawn;
 * - a sponsorship is open, declined by the podcaster (and opened again), proposed while a proposal is
 *   pending, cancelled when it is withdrawn (a new proposal proposes again) and hired.
 * A move the tables do not allow throws: it would be a bug of the caller, never a user's mistake.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { opportunities, packages, type Tx } from '../db';

export type PackageStatus = (typeof packages.$inferSelect)['status'];
export type OpportunityStatus = (typeof opportunities.$inferSelect)['status'];

/** Where each proposal status may go. */
export const PACKAGE_TRANSITIONS: Record<PackageStatus, readonly PackageStatus[]> = {
  pending: ['hired', 'declined', 'withdrawn'],
  hired: [],
  declined: [],
  withdrawn: [],
};

/** Where each sponsorship status may go. */
export const OPPORTUNITY_TRANSITIONS: Record<OpportunityStatus, readonly OpportunityStatus[]> = {
  open: ['proposed', 'declined'],
  declined: ['open', 'proposed'],
  proposed: ['hired', 'cancelled'],
  cancelled: ['proposed', 'declined', 'open'],
  hired: [],
};

/** The statuses a row must be in to move to `to` (itself included: a move to where it is changes nothing). */
function sourcesOf<S extends string>(table: Record<S, readonly S[]>, to: S): S[] {
  return [to, ...(Object.keys(table) as S[]).filter((from) => table[from].includes(to))];
}

/**
 * Moves a proposal to `to`, with other columns changed in the same statement (`also`); throws when
 * its status may not move there.
 */
export async function transitionPackage(tx: Tx, packageId: number, to: PackageStatus, also: Partial<typeof packages.$inferInsert> = {}): Promise<void> {
  const moved = await tx
    .update(packages)
    .set({ ...also, status: to })
    .where(and(eq(packages.id, packageId), inArray(packages.status, sourcesOf(PACKAGE_TRANSITIONS, to))))
    .returning({ id: packages.id });
  if (!moved.length) throw new Error(`Proposal ${packageId} cannot become ${to}.`);
}

/**
 * Moves the sponsorships that `where` selects to `to` (with `also`); throws when one of them may not
 * move there. Answers how many moved.
 */
export async function transitionOpportunities(
  tx: Tx,
  where: SQL | undefined,
  to: OpportunityStatus,
  also: Partial<typeof opportunities.$inferInsert> = {},
): Promise<number> {
  const rows = await tx.select({ id: opportunities.id, status: opportunities.status }).from(opportunities).where(where).for('update');
  const blocked = rows.find((r) => r.status !== to && !OPPORTUNITY_TRANSITIONS[r.status].includes(to));
  if (blocked) throw new Error(`A ${blocked.status} sponsorship (${blocked.id}) cannot become ${to}.`);
  if (!rows.length) return 0;
  await tx
    .update(opportunities)
    .set({ ...also, status: to })
    .where(
      inArray(
        opportunities.id,
        rows.map((r) => r.id),
      ),
    );
  return rows.length;
}
