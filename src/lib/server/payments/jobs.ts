/**
 * The payments domain's queue jobs: what happens after a money transaction is committed. Each is safe
 * to run again: refunds are idempotent with the provider and in the ledger; messages are informative.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { config } from '../config';
import { emitDealEvent } from '../domain-events';
import { getDb, brands, campaigns, discussions, fundAttempts, hirings, jobFunds, podcasts, refundRequests, transactions, users } from '../db';
import { publishHiringChanged, publishJobsUpdated } from '../marketplace';
import { registerJob, registerSchedule } from '../jobs';
import { renderMail, queueMail } from '../mail';
import { notify } from '../notifications';
import { formatMoney } from '../../format/money';
import { processRefund } from './refund-job-funds';
import { reconcilePayments } from './reconcile';

const receiptUrl = (code: string) => `${config().appUrl}/settings/payments/receipts/${code}`;

async function mailTo(userId: number, subject: string, lines: string[], action: { label: string; url: string }): Promise<void> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deleted_at) return;
  await queueMail(renderMail({ to: user.email, subject, greeting: `Hi ${user.first_name || 'there'},`, lines, action }));
}

async function brandName(userId: number): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ name: brands.name, first: users.first_name, last: users.last_name })
    .from(users)
    .leftJoin(brands, eq(brands.user_id, users.id))
    .where(eq(users.id, userId));
  return row?.name || `${row?.first ?? ''} ${row?.last ?? ''}`.trim() || 'A brand';
}

async function workroomLink(packageId: number): Promise<string> {
  const db = await getDb();
  const [room] = await db
    .select({ id: discussions.id })
    .from(discussions)
    .where(and(eq(discussions.package_id, packageId), eq(discussions.type, 'package')))
    .limit(1);
  return room ? `/workrooms/package/${room.id}` : '/workrooms';
}

/**
 * After a funding: both sides hear of it; the podcaster gets a notification and a mail, the brand a
 * receipt (or, when a coupon covered it all, a note that nothing was charged).
 */
async function announceFunding(payload: { attempt_id?: unknown; transaction_id?: unknown }): Promise<void> {
  const db = await getDb();
  const [attempt] = payload.attempt_id
    ? await db
        .select()
        .from(fundAttempts)
        .where(eq(fundAttempts.id, Number(payload.attempt_id)))
    : await db
        .select()
        .from(fundAttempts)
        .where(eq(fundAttempts.transaction_id, Number(payload.transaction_id)));
  if (attempt?.status !== 'succeeded') return;
  const [charge] = attempt.transaction_id ? await db.select().from(transactions).where(eq(transactions.id, attempt.transaction_id)) : [];
  const hiringIds = attempt.hiring_ids;
  const rows = hiringIds.length
    ? await db
        .select({ hiring: hirings, campaign: campaigns.title, podcast: podcasts.title })
        .from(hirings)
        .innerJoin(campaigns, eq(campaigns.id, hirings.campaign_id))
        .innerJoin(podcasts, eq(podcasts.id, hirings.podcast_id))
        .where(inArray(hirings.id, hiringIds))
    : [];
  const brand = await brandName(attempt.brand_user_id);
  for (const { hiring, campaign, podcast } of rows) {
    await publishHiringChanged('updated', hiring);
    const funds = await db.select().from(jobFunds).where(eq(jobFunds.hiring_id, hiring.id));
    await publishJobsUpdated(funds.map((f) => f.job_id));
    const held = funds.reduce((s, f) => s + f.fee, 0);
    const title = `${brand} funded ${campaign}: you can start`;
    const description = `${formatMoney(held)} is held for ${podcast}. Each ad’s fee is released to you once it is verified on air.`;
    await emitDealEvent({
      step: 'funded',
      packageId: hiring.package_id,
      jobIds: funds.map((f) => f.job_id),
      text: `${brand} funded the hire: ${formatMoney(held)} is held by Cuepoint and released to the podcaster as each ad is verified on air.`,
    });
    const link = await workroomLink(hiring.package_id);
    await notify(hiring.podcaster_user_id, {
      type: 'hiring.funded',
      title,
      description,
      user_id: attempt.brand_user_id,
      podcast_id: hiring.podcast_id,
      link_type: 'workroom',
      link,
    });
    await mailTo(hiring.podcaster_user_id, title, [description, 'Open the workroom to plan and submit your ads.'], {
      label: 'Open the workroom',
      url: `${config().appUrl}${link}`,
    });
  }
  const funded = rows.map((r) => `${r.podcast} (${r.campaign})`).join(', ');
  if (!charge) {
    await mailTo(
      attempt.brand_user_id,
      `Hires funded: ${funded}`,
      [
        `Thank you for funding ${funded}.`,
        `Your coupon covered the whole ${formatMoney(attempt.subtotal)}: nothing was charged to your card.`,
        'The podcasters were told and can start. Each ad’s fee is released to its podcaster once it is verified on air.',
      ],
      { label: 'See your hires', url: `${config().appUrl}/settings/hires` },
    );
    return;
  }
  const meta = charge.meta as { subtotal?: number; discount?: number; coupon?: string | null };
  await mailTo(
    charge.user_id!,
    `Receipt ${charge.code}: ${formatMoney(charge.fee)}`,
    [
      `Thank you for funding ${funded}.`,
      `Subtotal ${formatMoney(meta.subtotal ?? charge.fee)}${meta.discount ? `, coupon ${meta.coupon} −${formatMoney(meta.discount)}` : ''}, charged ${formatMoney(charge.fee)} to ${charge.source}.`,
      `The money is held until each ad is verified on air, then released to the podcaster. A job cancelled before that is refunded to your card. Reference: ${charge.code}.`,
    ],
    { label: 'View the receipt', url: receiptUrl(charge.code) },
  );
}

/** After a release: the podcaster hears their balance grew. */
async function announceRelease(transactionId: number, hiringChanged: boolean): Promise<void> {
  const db = await getDb();
  const [entry] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!entry) return;
  const [hiring] = entry.hiring_id ? await db.select().from(hirings).where(eq(hirings.id, entry.hiring_id)) : [];
  if (hiring && hiringChanged) await publishHiringChanged('updated', hiring);
  if (hiring)
    await emitDealEvent({
      step: 'released',
      packageId: hiring.package_id,
      jobIds: [],
      text: `${formatMoney(entry.fee)} was released to the podcaster for a completed ad.`,
    });
  await notify(entry.user_id!, {
    type: 'earnings.released',
    title: `${formatMoney(entry.fee - entry.service_fee)} added to your balance`,
    description: `An ad was completed: its ${formatMoney(entry.fee)} fee was released, less the ${formatMoney(entry.service_fee)} service fee.`,
    link_type: 'earnings',
    link: '/settings/earnings',
  });
}

/** A recorded refund goes to the provider, then the brand gets its receipt. */
async function runRefund(requestId: number, hiringChanged: boolean): Promise<void> {
  const entry = await processRefund(requestId);
  const db = await getDb();
  if (!entry) {
    // Nothing went back to a card (the job was funded without a charge): the hire may still have changed.
    const [request] = await db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
    const [hiring] = request?.hiring_id && hiringChanged ? await db.select().from(hirings).where(eq(hirings.id, request.hiring_id)) : [];
    if (hiring) await publishHiringChanged('updated', hiring);
    return;
  }
  const [hiring] = entry.hiring_id ? await db.select().from(hirings).where(eq(hirings.id, entry.hiring_id)) : [];
  if (hiring && hiringChanged) await publishHiringChanged('updated', hiring);
  if (hiring)
    await emitDealEvent({
      step: 'refunded',
      packageId: hiring.package_id,
      jobIds: [],
      text: `${formatMoney(entry.fee)} was refunded to the brand.`,
    });
  const text = `${formatMoney(entry.fee)} is on its way back to ${entry.source ?? 'your card'}.`;
  await notify(entry.user_id!, { type: 'payment.refunded', title: 'Refund issued', description: text, link_type: 'payments', link: '/settings/payments' });
  await mailTo(entry.user_id!, `Refund ${entry.code}: ${formatMoney(entry.fee)}`, [text, `Reference: ${entry.code}.`], {
    label: 'View the receipt',
    url: receiptUrl(entry.code),
  });
}

/** Registers this work with the queue; boot (src/lib/server/runtime.ts) calls it once per process. */
export function registerPaymentJobs(): void {
  registerJob('payments.funded', async (p) => announceFunding(p));

  registerJob('payments.released', async (p) => announceRelease(Number(p.transaction_id), p.hiring_changed === true));

  registerJob('payments.refund', async (p) => runRefund(Number(p.request_id), p.hiring_changed === true));

  /** Every day: the ledger compared with the provider's records; differences are listed for admins at /admin. */
  registerSchedule('payments.reconcile', '40 3 * * *', async () => {
    const { reconciliation } = await reconcilePayments({ trigger: 'schedule' });
    if (reconciliation.differences > 0)
      console.warn(`[cuepoint] reconciliation ${reconciliation.id}: ${reconciliation.differences} difference(s), listed at /admin`);
  });
}
