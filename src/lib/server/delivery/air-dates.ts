/**
 * Air dates (issue 12): the podcaster books the day a funded job's ad goes out. The day must be real,
 * not past and within the 12-month calendar (counted from the podcast's own today, slots.ts), on the
 * podcast's schedule, and its slot of the job's ad type must be available. Booking stores a `booked`
 * slot with the ad; moving the date frees the old one. Anything else is a 422 that says why.
 */
import { and, eq } from 'drizzle-orm';
import { getDb, ads, campaignAds, packageJobs, packages, podcasts } from '../db';
import { fieldError, notFound } from '../http';
import { bookSlot, podcastCalendar, podcastToday } from '../podcasts';
import { AD_TYPE_LABELS } from '../../constants';
import { calendarEnd, isDay, isScheduledDay, readSchedule, WEEKDAY_NAMES, weekday, type SlotType } from '../../slots';
import { announceJobChanges, updateJobFields } from './job-status';
import { emitDealEvent } from '../domain-events';

type Podcast = typeof podcasts.$inferSelect;
type Job = typeof packageJobs.$inferSelect;

const longDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });

interface JobContext {
  job: Job;
  podcast: Podcast;
  type: SlotType;
  adId: number | null;
}

/** The podcaster's job with its podcast and ad type, or 404. */
async function loadJob(userId: number, packageId: number, jobId: number): Promise<JobContext> {
  const db = await getDb();
  const [row] = await db
    .select({ job: packageJobs, podcast: podcasts, type: ads.type, adId: ads.id })
    .from(packageJobs)
    .innerJoin(packages, eq(packages.id, packageJobs.package_id))
    .innerJoin(podcasts, eq(podcasts.id, packages.podcast_id))
    .leftJoin(campaignAds, eq(campaignAds.id, packageJobs.campaign_ad_id))
    .leftJoin(ads, eq(ads.id, campaignAds.ad_id))
    .where(and(eq(packageJobs.id, jobId), eq(packageJobs.package_id, packageId), eq(packages.podcaster_user_id, userId)));
  if (!row) throw notFound();
  return { job: row.job, podcast: row.podcast, type: row.type ?? 'sponsorship', adId: row.adId };
}

/** Why a day cannot be this job's air date, or null when it can. */
export async function airDateProblem(ctx: JobContext, day: string): Promise<string | null> {
  const { job, podcast, type } = ctx;
  if (!isDay(day)) return 'The publish date must be a real date (YYYY-MM-DD).';
  if (!job.is_funded) return 'This job is not funded yet: the brand funds the hire before an air date is booked.';
  if (job.status === 'completed' || job.status === 'dropped') return `This ad is ${job.status}; its air date cannot change.`;
  const today = podcastToday(podcast);
  if (day < today) return `${longDay(day)} has already passed for ${podcast.title}.`;
  if (day >= calendarEnd(today)) return 'The publish date must be within the next 12 months.';
  const schedule = readSchedule(podcast.schedule_settings);
  if (!schedule?.days.length) return `${podcast.title} has no publishing schedule yet: set its days in the calendar first.`;
  if (!schedule.days.includes(weekday(day))) return `${podcast.title} does not publish on ${WEEKDAY_NAMES[weekday(day)]}s.`;
  if (!isScheduledDay(schedule, day)) return `${podcast.title} does not publish on ${longDay(day)}.`;
  if (job.delivery_date === day) return null;
  const slot = (await podcastCalendar(podcast, today)).find((s) => s.date === day && s.type === type);
  const label = AD_TYPE_LABELS[type];
  if (!slot) return `${podcast.title} does not publish on ${longDay(day)}.`;
  if (slot.status === 'booked') return `The ${label} slot on ${longDay(day)} is already booked.`;
  if (slot.status === 'unavailable') return `The ${label} slot on ${longDay(day)} is not available.`;
  return null;
}

/** The days this job's ad can air on: its type's available slots (and its current day). */
export async function bookableDays(userId: number, packageId: number, jobId: number): Promise<{ days: string[]; current: string | null; type: SlotType }> {
  const ctx = await loadJob(userId, packageId, jobId);
  if (!ctx.job.is_funded || ctx.job.status === 'completed' || ctx.job.status === 'dropped') return { days: [], current: ctx.job.delivery_date, type: ctx.type };
  const calendar = await podcastCalendar(ctx.podcast);
  const days = calendar.filter((s) => s.type === ctx.type && (s.status === 'available' || s.date === ctx.job.delivery_date)).map((s) => s.date);
  return { days: [...new Set(days)], current: ctx.job.delivery_date, type: ctx.type };
}

/** Books the job's air date (POST …/delivery-dates {publish_date}); answers the job's new date. */
export async function bookAirDate(userId: number, packageId: number, jobId: number, publishDate: string): Promise<{ delivery_date: string }> {
  const day = publishDate.slice(0, 10);
  const ctx = await loadJob(userId, packageId, jobId);
  const problem = await airDateProblem(ctx, day);
  if (problem) throw fieldError('publish_date', problem);
  if (ctx.job.delivery_date === day) return { delivery_date: day };
  const db = await getDb();
  const old = ctx.job.delivery_date;
  await db.transaction(async (tx) => {
    await updateJobFields(tx, jobId, { delivery_date: day });
    // Moving frees the old day's slot; the new one is booked with the ad.
    await bookSlot(tx, { podcastId: ctx.podcast.id, type: ctx.type, day, previousDay: old ?? null, adId: ctx.adId });
  });
  await announceJobChanges([{ jobId, from: ctx.job.status, to: ctx.job.status, title: 'An air date was booked', note: `It airs on ${longDay(day)}.` }], {
    side: 'podcaster',
    userId,
  });
  const label = AD_TYPE_LABELS[ctx.type];
  await emitDealEvent({
    step: 'air-date',
    packageId,
    jobIds: [jobId],
    text: old
      ? `${ctx.podcast.title} moved the ${label} air date from ${longDay(old)} to ${longDay(day)}.`
      : `${ctx.podcast.title} booked the ${label} air date: ${longDay(day)}.`,
  });
  return { delivery_date: day };
}
