/**
 * The thread of a package's workroom tells the deal's life: the domains below workrooms announce each
 * step (domain-events.ts) and this subscriber, registered at boot, posts it as a system line and tells
 * both sides' open screens (delivery panel, list, counts) that the deal changed.
 */
import { and, desc, eq } from 'drizzle-orm';
import { type DealEvent, handleDealTxStep, onDealEvent } from '../domain-events';
import { getDb, discussions, messages } from '../db';
import { broadcast } from '../realtime';
import { publishMessageCreated, userChannel, workroomChannel } from './events';
import { memberIds } from './membership';
import { messagePayload } from './message-payload';
import { openPackageDiscussion } from './open-package-discussion';
import { postSystemMessage } from './post-message';

/** The package's workroom, if it has one. */
async function packageRoom(packageId: number): Promise<number | null> {
  const db = await getDb();
  const [room] = await db
    .select({ id: discussions.id })
    .from(discussions)
    .where(and(eq(discussions.package_id, packageId), eq(discussions.type, 'package'), eq(discussions.is_deleted, false)))
    .limit(1);
  return room?.id ?? null;
}

/** `deal.changed` to the room and each member: the delivery panel, the top bar's counts and Completed Ads refresh. */
export async function publishDealChanged(discussionId: number, event: Pick<DealEvent, 'step' | 'packageId' | 'jobIds'>, members: number[]): Promise<void> {
  await broadcast([workroomChannel(discussionId), ...members.map(userChannel)], 'deal.changed', {
    discussion_id: discussionId,
    package_id: event.packageId,
    job_ids: event.jobIds,
    step: event.step,
  });
}

async function onDeal(event: DealEvent): Promise<number | undefined> {
  const room = await packageRoom(event.packageId);
  if (!room) return undefined;
  const members = await memberIds(room);
  let posted: number | undefined;
  if (event.text) {
    const message = await postSystemMessage(room, event.text, { type: event.kind ?? 'default', deliverable_id: event.deliverableId ?? null });
    posted = message.id;
  } else {
    // A line the lower domain wrote itself in its transaction (the proposal's details): shown now.
    const db = await getDb();
    const [last] = await db.select().from(messages).where(eq(messages.discussion_id, room)).orderBy(desc(messages.id)).limit(1);
    if (last) await publishMessageCreated(await messagePayload(last), members);
  }
  await publishDealChanged(room, event, members);
  return posted;
}

/** Subscribes the workrooms to the deal's steps; boot calls it once per process. */
export function registerDealThread(): void {
  // A proposal sent or edited opens its workroom in the proposal's own transaction.
  handleDealTxStep('proposal-saved', (tx, input) => openPackageDiscussion(tx, input));
  onDealEvent('workrooms', onDeal);
}
