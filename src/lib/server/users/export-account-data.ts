/**
 * The data export of Settings, Account: everything the product holds about the signed-in user, as one
 * JSON document they download. Secrets (password hash, tokens) and other people's private data stay out.
 */
import { desc, eq, inArray, or } from 'drizzle-orm';
import {
  getDb,
  attributionSites,
  campaigns,
  cards,
  files,
  hirings,
  messages,
  notifications,
  packages,
  podcasts,
  supportConversations,
  supportMessages,
  transactions,
} from '../db';
import { listSessions } from './list-sessions';
import { loadSessionUser, serializeUser } from './session-user';

/** Messages and notifications beyond these are left out of one export (the newest are kept). */
const LIMIT = 5_000;

/** The user's own data, grouped by what it is. */
export async function exportAccountData(userId: number, accessToken: string | null): Promise<Record<string, unknown>> {
  const db = await getDb();
  const session = await loadSessionUser(userId);
  if (!session) throw new Error('exportAccountData needs an existing user.');
  const [ownPodcasts, ownCampaigns, ownHirings, ownTransactions, ownCards, sites, ownFiles, ownMessages, ownNotifications, conversations, sessions] =
    await Promise.all([
      db.select().from(podcasts).where(eq(podcasts.user_id, userId)),
      db.select().from(campaigns).where(eq(campaigns.brand_user_id, userId)),
      db
        .select()
        .from(hirings)
        .where(or(eq(hirings.brand_user_id, userId), eq(hirings.podcaster_user_id, userId))),
      db.select().from(transactions).where(eq(transactions.user_id, userId)),
      db.select({ type: cards.type, last_four: cards.last_four, created_at: cards.created_at }).from(cards).where(eq(cards.user_id, userId)),
      db.select().from(attributionSites).where(eq(attributionSites.user_id, userId)),
      db
        .select({ id: files.id, name: files.original_name, mime: files.mime, size: files.size, url: files.url, created_at: files.created_at })
        .from(files)
        .where(eq(files.user_id, userId)),
      db
        .select({ id: messages.id, discussion_id: messages.discussion_id, content: messages.content, created_at: messages.created_at })
        .from(messages)
        .where(eq(messages.user_id, userId))
        .orderBy(desc(messages.id))
        .limit(LIMIT),
      db.select().from(notifications).where(eq(notifications.notifiable_id, userId)).orderBy(desc(notifications.created_at)).limit(LIMIT),
      db.select().from(supportConversations).where(eq(supportConversations.user_id, userId)),
      listSessions(userId, accessToken),
    ]);
  const campaignIds = ownCampaigns.map((c) => c.id);
  const [proposals, chat] = await Promise.all([
    db
      .select()
      .from(packages)
      .where(
        campaignIds.length ? or(eq(packages.podcaster_user_id, userId), inArray(packages.campaign_id, campaignIds)) : eq(packages.podcaster_user_id, userId),
      ),
    conversations.length
      ? db
          .select()
          .from(supportMessages)
          .where(
            inArray(
              supportMessages.conversation_id,
              conversations.map((c) => c.id),
            ),
          )
      : Promise.resolve([]),
  ]);
  return {
    exported_at: new Date().toISOString(),
    account: { ...serializeUser(session), notification_settings: session.row.notification_settings },
    podcasts: ownPodcasts,
    campaigns: ownCampaigns,
    proposals,
    hirings: ownHirings,
    transactions: ownTransactions,
    cards: ownCards,
    attribution_sites: sites,
    files: ownFiles,
    workroom_messages: ownMessages,
    notifications: ownNotifications,
    support_conversations: conversations.map((c) => ({ ...c, messages: chat.filter((m) => m.conversation_id === c.id) })),
    sessions,
  };
}
