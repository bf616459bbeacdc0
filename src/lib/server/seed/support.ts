/**
 * Demo support chat, written through the support domain as users write it: Lumen Sleep asked how
 * proposals are priced and the team answered (solved); Northwind Bikes' question still waits for the
 * team, so the admin's inbox shows both states. The demo sign-ins' own chats start empty.
 */
import { eq } from 'drizzle-orm';
import { getDb, users } from '../db';
import { openConversation, postSupportMessage, setConversationStatus } from '../support';
import { loadSessionUser, type SessionUser } from '../users';

async function sessionFor(email: string): Promise<SessionUser> {
  const db = await getDb();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const user = row ? await loadSessionUser(row.id) : null;
  if (!user) throw new Error(`Demo user ${email} is missing.`);
  return user;
}

/** Seeds two support conversations (after the rest of the demo data exists). */
export async function seedSupport(): Promise<void> {
  const admin = await sessionFor('admin@cuepoint.test');
  const lumen = await sessionFor('partnerships@lumensleep.example');
  const northwind = await sessionFor('growth@northwindbikes.example');

  const solved = await openConversation(
    lumen,
    'Hi! A podcaster proposed two host-read episodes for our Better Sleep campaign. Is the total we would pay the sum of both episodes, or per episode?',
  );
  await postSupportMessage(
    admin,
    solved.conversation.id,
    'Hi Daniel! The total on a proposal is what you pay for everything in it: two host-read episodes at $450 each show as $900. You can hire some items and decline others; you then pay only for the ones you hire.',
  );
  await postSupportMessage(lumen, solved.conversation.id, 'Perfect, that makes sense. Thank you!');
  await setConversationStatus(admin, solved.conversation.id, 'closed');

  await openConversation(
    northwind,
    'We want to extend the Gravel Season Giveaway by a week. Can we change the delivery date after the campaign was approved, or do we need a new campaign?',
  );
}
