/**
 * The one transition module of `hirings.status`: new → funded → completed (all its jobs completed)
 * or cancelled (refunded). Only the functions here write the status; callers publish the change
 * (`hiring.updated`) once their transaction is committed.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db';
import { hirings } from '../../db';

export type HiringStatus = (typeof hirings.$inferSelect)['status'];
export type HiringRow = typeof hirings.$inferSelect;

/** Where each status may go. */
export const HIRING_TRANSITIONS: Record<HiringStatus, readonly HiringStatus[]> = {
  new: ['funded'],
  funded: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** True when a hiring in `from` may move to `to`. */
export function canTransitionHiring(from: HiringStatus, to: HiringStatus): boolean {
  return HIRING_TRANSITIONS[from].includes(to);
}

/** Moves a hiring (locked by the caller's transaction) to `to`; answers the updated row, or throws for a move the table does not allow. */
export async function transitionHiring(tx: Tx, hiring: HiringRow, to: HiringStatus): Promise<HiringRow> {
  if (hiring.status === to) return hiring;
  if (!canTransitionHiring(hiring.status, to)) throw new Error(`A ${hiring.status} hiring cannot become ${to}.`);
  const [row] = await tx.update(hirings).set({ status: to }).where(eq(hirings.id, hiring.id)).returning();
  return row!;
}
