/**
 * The request log's day partitions (issue 38). media_requests is partitioned by range on occurred_at
 * (migration 0018), one partition per UTC day named media_requests_YYYYMMDD, plus a default partition.
 *
 * `maintainLogPartitions` runs every hour (and at the worker's start): it creates the partitions from
 * yesterday to a week ahead, moving any of their rows that the default partition caught into them, and
 * drops every day partition that ended more than REQUEST_LOG_RETENTION_DAYS ago (400 by default), with
 * the default partition's rows as old. Only raw rows go: downloads, listeners and every figure read the
 * daily rollups (download_days, listener_days), which are kept for good. The counter never reads a row
 * that old (it reads forward from its cursor), so dropping one cannot change a count.
 */
import { sql } from 'drizzle-orm';
import { now as clockNow } from '../../clock';
import { config } from '../../config';
import { type Db, type Tx, affectedRows, getDb } from '../../db';

const DAY_MS = 86_400_000;
const AHEAD_DAYS = 7;
const NAME = /^media_requests_(\d{4})(\d{2})(\d{2})$/;

const startOfDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
const partitionName = (day: Date) => `media_requests_${day.toISOString().slice(0, 10).replaceAll('-', '')}`;

export interface PartitionReport {
  created: string[];
  dropped: string[];
  /** Rows moved out of the default partition into a new day partition. */
  moved: number;
  /** Rows older than the retention period deleted from the default partition. */
  expired: number;
}

/** The day partitions that exist, oldest first, with the day each starts. */
export async function logPartitions(within?: Db | Tx): Promise<{ name: string; day: Date }[]> {
  const db = within ?? (await getDb());
  const rows = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
    where p.relname = 'media_requests' and c.relname <> 'media_requests_default'
    order by c.relname`);
  return rows.rows.flatMap(({ name }) => {
    const m = NAME.exec(name);
    return m ? [{ name, day: new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) }] : [];
  });
}

/** Creates the day partitions around `at` and drops the expired ones. Safe to run concurrently (a lock serialises it). */
export async function maintainLogPartitions(at: Date = clockNow(), retentionDays = config().requestLogRetentionDays): Promise<PartitionReport> {
  const db = await getDb();
  const report: PartitionReport = { created: [], dropped: [], moved: 0, expired: 0 };
  const today = startOfDay(at);
  const cutoff = new Date(today.getTime() - retentionDays * DAY_MS);
  await db.transaction(async (tx) => {
    // One maintainer at a time across instances (the key is this job's own).
    await tx.execute(sql`select pg_advisory_xact_lock(38001)`);
    const existing = new Set((await logPartitions(tx)).map((p) => p.name));
    for (let offset = -1; offset <= AHEAD_DAYS; offset++) {
      const from = new Date(today.getTime() + offset * DAY_MS);
      if (from < cutoff) continue;
      const name = partitionName(from);
      if (existing.has(name)) continue;
      const to = new Date(from.getTime() + DAY_MS);
      const table = sql.identifier(name);
      // A row of this day already in the default partition would stop the attach: it moves first.
      await tx.execute(sql`create table ${table} (like media_requests including defaults)`);
      const moved = await tx.execute(sql`
        with gone as (
          delete from media_requests_default where occurred_at >= ${from.toISOString()}::timestamptz and occurred_at < ${to.toISOString()}::timestamptz returning *
        )
        insert into ${table} select * from gone`);
      report.moved += affectedRows(moved);
      await tx.execute(
        sql`alter table media_requests attach partition ${table} for values from (${sql.raw(`'${from.toISOString()}'`)}) to (${sql.raw(`'${to.toISOString()}'`)})`,
      );
      report.created.push(name);
    }
    for (const { name, day } of await logPartitions(tx)) {
      if (day.getTime() + DAY_MS > cutoff.getTime()) continue;
      await tx.execute(sql`drop table ${sql.identifier(name)}`);
      report.dropped.push(name);
    }
    const expired = await tx.execute(sql`delete from media_requests_default where occurred_at < ${cutoff.toISOString()}::timestamptz`);
    report.expired = affectedRows(expired);
  });
  return report;
}
