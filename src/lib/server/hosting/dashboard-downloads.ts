/** The downloads figure of the hosting dashboard: the last 30 days, from measurement's request log and counter. */
import { downloadsSummary } from '../measurement';
import { now as clockNow } from '../clock';

export interface DashboardDownloads {
  total: number;
  /** What the total covers. */
  period: 'last-30-days';
}

/** Downloads of the podcast's hosted audio in the last 30 days (measurement's downloadsSummary). */
export async function dashboardDownloads(podcastId: number, now = clockNow()): Promise<DashboardDownloads> {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const summary = await downloadsSummary(podcastId, { from: day(new Date(now.getTime() - 29 * 86_400_000)), to: day(now) });
  return { total: summary.downloads, period: 'last-30-days' };
}
