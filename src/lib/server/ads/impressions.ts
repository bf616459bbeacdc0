/**
 * Impressions and their money (issue 19 §4). An impression is a download counted by measurement's IAB
 * counter (download_windows) of a variant that carried the spot: the listener's delivery of that day for
 * that episode, matched by listener hash and episode, counted after the variant was first served.
 * Impressions are billed per line and show at the line's CPM through payments (the fraction of a cent
 * carried over the line's cumulative impressions), and each show's share is released monthly after the
 * 45-day adjustment window.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, affectedRows, getDb, adDeliveries, adLines, adShowSettings, downloadWindows, episodes, podcasts, transactions } from '../db';
import { adSpendByMonth, billAdImpressions, campaignAdSpendSql, releaseAdShare, releasedAdShares, shareReleaseDate } from '../payments';
import { forgetServableLines } from './servable-lines';

/** Marks the deliveries whose download measurement has counted; answers how many became impressions. */
export async function markImpressions(): Promise<number> {
  const db = await getDb();
  const result = await db.execute(sql`
    update ${adDeliveries} d set impression_at = w.counted_at
    from ${downloadWindows} w
    where d.impression_at is null and d.line_id <> 0
      and w.episode_id = d.episode_id and w.listener_hash = d.listener_hash and w.counted_at is not null
      and w.counted_at >= d.created_at - interval '1 minute'
      and w.counted_at < (d.day + 2)::timestamptz`);
  return affectedRows(result);
}

/** Bills every line's new impressions per show; answers the cents billed. */
export async function billImpressions(): Promise<number> {
  const db = await getDb();
  const pending = await db
    .selectDistinct({ line: adDeliveries.line_id, podcast: adDeliveries.podcast_id })
    .from(adDeliveries)
    .where(and(eq(adDeliveries.billed, false), sql`${adDeliveries.impression_at} is not null`));
  let total = 0;
  for (const p of pending) {
    const [line] = await db.select().from(adLines).where(eq(adLines.id, p.line));
    if (!line) continue;
    total += await db.transaction(async (tx) => {
      // One biller per line (the line's total carries the fraction of a cent across its shows).
      await tx.select({ id: adLines.id }).from(adLines).where(eq(adLines.id, line.id)).for('update');
      const rows = await tx
        .select({ id: adDeliveries.id })
        .from(adDeliveries)
        .where(and(eq(adDeliveries.line_id, p.line), eq(adDeliveries.podcast_id, p.podcast), sql`${adDeliveries.impression_at} is not null`))
        .for('update');
      // The line's impressions billed so far on its other shows, and this show's.
      const [other] = await tx
        .select({ n: sql<string>`count(*)` })
        .from(adDeliveries)
        .where(
          and(
            eq(adDeliveries.line_id, p.line),
            sql`${adDeliveries.podcast_id} <> ${p.podcast}`,
            eq(adDeliveries.billed, true),
            sql`${adDeliveries.impression_at} is not null`,
          ),
        );
      const billed = await billAdImpressions(tx, {
        lineId: line.id,
        brandUserId: line.brand_user_id,
        campaignId: line.campaign_id,
        podcastId: p.podcast,
        impressions: rows.length,
        lineImpressions: rows.length + Number(other?.n ?? 0),
        cpm: line.cpm,
      });
      await tx
        .update(adDeliveries)
        .set({ billed: true })
        .where(
          inArray(
            adDeliveries.id,
            rows.map((r) => r.id),
          ),
        );
      return billed;
    });
  }
  if (total) forgetServableLines();
  return total;
}

/** Releases each show's monthly share whose adjustment window has passed; answers the cents released. */
export async function releaseAdShares(now = new Date()): Promise<number> {
  const db = await getDb();
  const shows = await db
    .selectDistinct({ podcast: sql<number>`(${transactions.meta}->>'podcast_id')::int` })
    .from(transactions)
    .where(eq(transactions.kind, 'ad_spend'));
  let total = 0;
  for (const { podcast } of shows) {
    const [show] = await db
      .select({ user_id: podcasts.user_id })
      .from(podcasts)
      .where(eq(podcasts.id, Number(podcast)));
    if (!show) continue;
    const percent = await sharePercent(Number(podcast));
    for (const month of (await adSpendByMonth(db, Number(podcast))).keys()) {
      if (shareReleaseDate(month) > now) continue;
      total += await db.transaction((tx) => releaseAdShare(tx, { podcastId: Number(podcast), podcasterUserId: show.user_id, month, percent, now }));
    }
  }
  return total;
}

/** The podcaster's share of a show's ad revenue, in percent (70 unless set). */
export async function sharePercent(podcastId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ p: adShowSettings.share_percent }).from(adShowSettings).where(eq(adShowSettings.podcast_id, podcastId));
  return row?.p ?? 70;
}

/** One pass: impressions, then billing (the ads job runs it every minute; tests call it). */
export async function settleAds(now = new Date()): Promise<{ impressions: number; billed: number; released: number }> {
  const impressions = await markImpressions();
  const billed = await billImpressions();
  const released = await releaseAdShares(now);
  return { impressions, billed, released };
}

export interface ImpressionRow {
  line_id: number;
  line_title: string;
  podcast_id: number;
  podcast_title: string;
  episode_id: number;
  episode_title: string;
  day: string;
  impressions: number;
}

/** Impressions per line, show, episode and day, newest day first; its columns are named as ImpressionRow's keys, so a read may nest it as JSON. */
export function impressionRowsQuery(db: Db, where: SQL) {
  return db
    .select({
      line_id: sql<number>`${adDeliveries.line_id}`.as('line_id'),
      line_title: sql<string>`${adLines.title}`.as('line_title'),
      podcast_id: sql<number>`${adDeliveries.podcast_id}`.as('podcast_id'),
      podcast_title: sql<string>`${podcasts.title}`.as('podcast_title'),
      episode_id: sql<number>`${adDeliveries.episode_id}`.as('episode_id'),
      episode_title: sql<string>`${episodes.title}`.as('episode_title'),
      day: sql<string>`to_char(${adDeliveries.impression_at} at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      impressions: sql<string>`count(*)`.as('impressions'),
    })
    .from(adDeliveries)
    .innerJoin(adLines, eq(adLines.id, adDeliveries.line_id))
    .innerJoin(podcasts, eq(podcasts.id, adDeliveries.podcast_id))
    .innerJoin(episodes, eq(episodes.id, adDeliveries.episode_id))
    .where(and(sql`${adDeliveries.impression_at} is not null`, where))
    .groupBy(adDeliveries.line_id, adLines.title, adDeliveries.podcast_id, podcasts.title, adDeliveries.episode_id, episodes.title, sql`7`)
    .orderBy(sql`7 desc`, adDeliveries.line_id);
}

/** Impression rows as impressionRowsQuery answers them (through the driver or nested as JSON), with counts as numbers. */
export function impressionRowsOf(rows: Array<Omit<ImpressionRow, 'impressions'> & { impressions: string | number }>): ImpressionRow[] {
  return rows.map((r) => ({ ...r, impressions: Number(r.impressions) }));
}

async function impressionRows(where: SQL): Promise<ImpressionRow[]> {
  return impressionRowsOf(await impressionRowsQuery(await getDb(), where));
}

export interface CampaignAdStats {
  rows: ImpressionRow[];
  impressions: number;
  spent: number;
}

/** A campaign's impressions per line, show, episode and day, and its automated spend. */
export async function campaignAdStats(campaignId: number): Promise<CampaignAdStats> {
  const db = await getDb();
  const rows = await impressionRows(sql`${adLines.campaign_id} = ${campaignId}`);
  const { rows: found } = await db.execute<{ n: string }>(sql`select ${campaignAdSpendSql(campaignId)} as n`);
  return campaignAdStatsOf(rows, found[0]?.n ?? 0);
}

/** The campaign stats' automated figures from its impression rows and its spend. */
export function campaignAdStatsOf(rows: ImpressionRow[], spent: string | number): CampaignAdStats {
  return { rows, impressions: rows.reduce((s, r) => s + r.impressions, 0), spent: Number(spent) };
}

export interface ShowAdReport {
  rows: ImpressionRow[];
  impressions: number;
  share_percent: number;
  /** Per month: spend on the show, the podcaster's share, when it is released, whether it was. */
  months: Array<{ month: string; spend: number; share: number; release_on: string; released: boolean }>;
}

/** A hosted show's automated ads for its podcaster's Reports. */
export async function showAdReport(podcastId: number): Promise<ShowAdReport> {
  const db = await getDb();
  const rows = await impressionRows(sql`${adDeliveries.podcast_id} = ${podcastId}`);
  const percent = await sharePercent(podcastId);
  const released = new Map((await releasedAdShares(db, podcastId)).map((r) => [r.month, r.net]));
  const months = [...(await adSpendByMonth(db, podcastId)).entries()]
    .sort((a, b) => b[0].localeCompare(a[0]))
    .map(([month, spend]) => ({
      month,
      spend,
      // A released month shows what was released; an open one, the share at today's percent.
      share: released.get(month) ?? Math.floor((spend * percent) / 100),
      release_on: shareReleaseDate(month).toISOString().slice(0, 10),
      released: released.has(month),
    }));
  return { rows, impressions: rows.reduce((s, r) => s + r.impressions, 0), share_percent: percent, months };
}
