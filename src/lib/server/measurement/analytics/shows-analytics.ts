/**
 * Manage podcasts' analytics section for every show of the user, read in one statement: each show's
 * connection (how it is measured) and the first page of its manual stats, each as the one-show calls
 * answer it (connectionOf, without its write; listManualStats), from SQL nested as JSON.
 */
import { sql } from 'drizzle-orm';
import { getDb, rowFromJson, analyticsConnections } from '../../db';
import { firstManualStatsQuery, manualStatsPagesOf } from '../manual-stats';
import type { ManualStatsPayload } from '../manual-stats';
import type { Paginated } from '../../../paginate';
import { type ConnectionPayload, connectionRowsQuery, connectionsFrom } from './connections';

export interface ShowsAnalytics {
  /** In the order of the shows asked for. */
  connections: ConnectionPayload[];
  /** By podcast id. */
  manualStats: Map<number, Paginated<ManualStatsPayload>>;
}

/** The section for the user's shows (a show that is not the user's gets no manual stats). */
export async function showsAnalytics(userId: number, shows: Array<{ id: number; hash_id: string; hosted: boolean }>): Promise<ShowsAnalytics> {
  if (!shows.length) return { connections: [], manualStats: new Map() };
  const db = await getDb();
  const ids = shows.map((s) => s.id);
  const { rows } = await db.execute<{
    connections: Record<string, unknown>[];
    manual: Parameters<typeof manualStatsPagesOf>[1];
  }>(sql`select
    (select coalesce(json_agg(c), '[]') from (${connectionRowsQuery(db, ids)}) c) as connections,
    (select coalesce(json_agg(m), '[]') from (${firstManualStatsQuery(db, userId, ids)}) m) as manual`);
  const row = rows[0]!;
  return {
    connections: await connectionsFrom(
      shows,
      row.connections.map((c) => rowFromJson(analyticsConnections, c)),
    ),
    manualStats: manualStatsPagesOf(ids, row.manual),
  };
}
