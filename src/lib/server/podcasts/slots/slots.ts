/**
 * The slot calendar of a podcast (core §4): derived on read from schedule_settings, the stored slot
 * records (unavailable, booked) and the jobs of hired proposals (booked). Making an available slot
 * unavailable stores a record; making it available again deletes it; booked slots never toggle.
 */
import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, getDb, type Tx, ads, campaignAds, packageJobs, packages, podcasts, slots } from '../../db';
import { fieldError, HttpError, notFound } from '../../http';
import { findOwnedPodcast } from '../owned-podcast';
import { addDays, calendarEnd, deriveSlots, firstUpcomingDay, isDay, readSchedule, type CalendarSlot, type SlotRecord } from '../../../slots';
import { now } from '../../clock';

export const slotInputSchema = z.object({
  type: z.enum(['sponsorship', 'host']),
  date: z.string().refine(isDay, 'The date field must be a date (YYYY-MM-DD).'),
});
export type SlotInput = z.infer<typeof slotInputSchema>;

export type SlotRow = typeof slots.$inferSelect;

/** The slot payload of §3. */
export function serializeSlot(s: SlotRow) {
  return { id: s.id, podcast_id: s.podcast_id, status: s.status, type: s.type, date: s.date, ad_id: s.ad_id };
}

/** The statement of slotRecords(): the stored records, then the days hired proposals hold (every column named, so it can be nested as JSON). */
export function slotRecordsQuery(db: Db, podcastIds: number[], from: string, to: string) {
  return db
    .select({
      booked: sql<boolean>`false`.as('booked'),
      id: sql<number | null>`${slots.id}`.as('id'),
      podcast_id: slots.podcast_id,
      type: sql<SlotRecord['type']>`${slots.type}::text`.as('type'),
      date: slots.date,
      status: sql<SlotRecord['status']>`${slots.status}::text`.as('status'),
    })
    .from(slots)
    .where(and(inArray(slots.podcast_id, podcastIds), gte(slots.date, from), lt(slots.date, to)))
    .unionAll(
      db
        .select({
          booked: sql<boolean>`true`.as('booked'),
          id: sql<number | null>`null::int`.as('id'),
          podcast_id: packages.podcast_id,
          type: sql<SlotRecord['type']>`${ads.type}::text`.as('type'),
          date: sql<string>`${packageJobs.delivery_date}`.as('date'),
          status: sql<SlotRecord['status']>`'booked'`.as('status'),
        })
        .from(packageJobs)
        .innerJoin(packages, eq(packages.id, packageJobs.package_id))
        .innerJoin(campaignAds, eq(campaignAds.id, packageJobs.campaign_ad_id))
        .innerJoin(ads, eq(ads.id, campaignAds.ad_id))
        .where(
          and(
            inArray(packages.podcast_id, podcastIds),
            eq(packages.status, 'hired'),
            isNotNull(packageJobs.delivery_date),
            gte(packageJobs.delivery_date, from),
            lt(packageJobs.delivery_date, to),
          ),
        ),
    );
}

export type SlotRecordRow = Awaited<ReturnType<typeof slotRecordsQuery>>[number];

/** slotRecords()'s answer from its statement's rows (a booked day over a stored record marks it booked). */
export function slotRecordsFrom(podcastIds: number[], rows: SlotRecordRow[]): Map<number, SlotRecord[]> {
  const out = new Map<number, SlotRecord[]>(podcastIds.map((id) => [id, []]));
  const stored = rows.filter((r) => !r.booked);
  const booked = rows.filter((r) => r.booked);
  for (const s of stored) out.get(s.podcast_id)!.push({ id: s.id, type: s.type, date: s.date, status: s.status });
  for (const b of booked) {
    const list = out.get(b.podcast_id)!;
    const same = list.find((r) => r.date === b.date && r.type === b.type);
    if (same) same.status = 'booked';
    else list.push({ id: null, type: b.type, date: b.date!, status: 'booked' });
  }
  return out;
}

/** Stored records plus the days hired proposals hold, for podcasts in a date range (one statement). */
export async function slotRecords(podcastIds: number[], from: string, to: string): Promise<Map<number, SlotRecord[]>> {
  if (!podcastIds.length) return new Map();
  return slotRecordsFrom(podcastIds, await slotRecordsQuery(await getDb(), podcastIds, from, to));
}

/** What the calendar needs of a podcast. */
export interface CalendarPodcast {
  id: number;
  schedule_settings: unknown;
  time_zone?: string | null;
}

/** The podcast's today: its first upcoming day (a slot is upcoming until its day ends in the podcast's time zone). */
export function podcastToday(podcast: Pick<CalendarPodcast, 'time_zone'>): string {
  return firstUpcomingDay(now(), podcast.time_zone);
}

/** The days podcastCalendar() covers, from the podcast's today: [from, to). */
export function calendarRange(podcast: CalendarPodcast, from = podcastToday(podcast)): { from: string; to: string } {
  return { from, to: calendarEnd(from) };
}

/** A podcast's calendar from its schedule and its slot records from `from` on. */
export function calendarOf(podcast: CalendarPodcast, records: Map<number, SlotRecord[]>, from: string): CalendarSlot[] {
  return deriveSlots(readSchedule(podcast.schedule_settings), records.get(podcast.id) ?? [], from);
}

/** The next 12 months of a podcast's calendar, from the podcast's today. */
export async function podcastCalendar(podcast: CalendarPodcast, from = podcastToday(podcast)): Promise<CalendarSlot[]> {
  const range = calendarRange(podcast, from);
  return calendarOf(podcast, await slotRecords([podcast.id], range.from, range.to), range.from);
}

/** The calendar of the user's podcast (GET /api/slots?podcast_id=). */
export async function listSlots(userId: number, podcastId: number): Promise<CalendarSlot[]> {
  const { podcast } = await findOwnedPodcast(userId, podcastId);
  return podcastCalendar(podcast);
}

/** The next available slots of a podcast (both types), at most `limit` days. */
export async function upcomingSlots(podcast: CalendarPodcast, limit = 6): Promise<CalendarSlot[]> {
  return upcomingOf(await podcastCalendar(podcast), limit);
}

/** The slots of a calendar's first `limit` days with an available slot. */
export function upcomingOf(calendar: CalendarSlot[], limit: number): CalendarSlot[] {
  const days = [...new Set(calendar.filter((s) => s.status === 'available').map((s) => s.date))].slice(0, limit);
  return calendar.filter((s) => days.includes(s.date));
}

/** Marks an available slot unavailable: stores a record (core §4). */
export async function markUnavailable(userId: number, podcastId: number, input: SlotInput): Promise<SlotRow> {
  const { podcast } = await findOwnedPodcast(userId, podcastId);
  const from = podcastToday(podcast);
  if (input.date < from) throw fieldError('date', 'Past days cannot be changed.');
  const slot = (await podcastCalendar(podcast, from)).find((s) => s.date === input.date && s.type === input.type);
  if (!slot) throw fieldError('date', 'There is no slot on that day in your schedule.');
  if (slot.status === 'booked') throw fieldError('date', 'A booked slot cannot be changed.');
  if (slot.status === 'unavailable') throw fieldError('date', 'That slot is already unavailable.');
  const db = await getDb();
  const [row] = await db
    .insert(slots)
    .values({ podcast_id: podcast.id, type: input.type, date: input.date, status: 'unavailable' })
    .onConflictDoNothing()
    .returning();
  if (!row) throw fieldError('date', 'That slot is already unavailable.');
  return row;
}

/** Makes an unavailable slot available again: deletes its record; booked ones stay (core §4). */
export async function markAvailable(userId: number, podcastId: number, slotId: number): Promise<void> {
  const { podcast } = await findOwnedPodcast(userId, podcastId);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(slots)
    .where(and(eq(slots.id, slotId), eq(slots.podcast_id, podcast.id)));
  if (!row) throw notFound();
  if (row.status === 'booked') throw new HttpError(422, 'A booked slot cannot be changed.', { slot: ['A booked slot cannot be changed.'] });
  const held = (await slotRecords([podcast.id], row.date, addDays(row.date, 1))).get(podcast.id) ?? [];
  if (held.some((r) => r.status === 'booked' && r.type === row.type)) throw fieldError('slot', 'A booked slot cannot be changed.');
  await db.delete(slots).where(eq(slots.id, row.id));
}

/** Every podcast of the user with its schedule, for GET /api/slots without a podcast id. */
export async function userPodcastIds(userId: number): Promise<number[]> {
  const db = await getDb();
  return (await db.select({ id: podcasts.id }).from(podcasts).where(eq(podcasts.user_id, userId)).orderBy(asc(podcasts.id))).map((r) => r.id);
}

/**
 * Books a show's slot for an ad on `day`, freeing the one it held on `previousDay` (an air date moved);
 * delivery calls it in the transaction that moves the job's date.
 */
export async function bookSlot(
  tx: Tx,
  slot: { podcastId: number; type: SlotRow['type']; day: string; previousDay: string | null; adId: number | null },
): Promise<void> {
  if (slot.previousDay) {
    await tx
      .delete(slots)
      .where(and(eq(slots.podcast_id, slot.podcastId), eq(slots.type, slot.type), eq(slots.date, slot.previousDay), eq(slots.status, 'booked')));
  }
  await tx
    .insert(slots)
    .values({ podcast_id: slot.podcastId, type: slot.type, date: slot.day, status: 'booked', ad_id: slot.adId })
    .onConflictDoUpdate({ target: [slots.podcast_id, slots.type, slots.date], set: { status: 'booked', ad_id: slot.adId } });
}
