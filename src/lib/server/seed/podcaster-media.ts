/**
 * Demo data of issue 6's follow-up: the hire behind Second Wind Running's Autumn Roast proposal (so
 * Earnings has real numbers), and listener numbers: Second Wind Running's verified, Night Shift
 * Stories' waiting for the admin, each with its report file.
 */
import { onePagePdf } from './pdf';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db';
import { now as clockNow } from '../clock';
import { campaigns, files, hirings, packageJobs, packages, podcastManualStats, podcasts } from '../db';
import { generatedName, fileUrl } from '../files';
import { storage } from '../storage';
import { MANUAL_STATS_REFERENCE } from '../podcasts';

const daysAgo = (n: number) => new Date(clockNow().getTime() - n * 86_400_000);

/** Seeds the hire and the manual stats (idempotent per podcast: skipped when it already has some). */
export async function seedPodcasterMedia(tx: Tx): Promise<void> {
  const shows = await tx
    .select()
    .from(podcasts)
    .where(inArray(podcasts.title, ['Second Wind Running', 'Night Shift Stories']));
  const show = (title: string) => shows.find((s) => s.title === title);

  // The hired Autumn Roast proposal gets its hiring row (new, $900); the payments seed funds it through the engine.
  const wind = show('Second Wind Running');
  if (wind) {
    const [pkg] = await tx
      .select()
      .from(packages)
      .where(and(eq(packages.podcast_id, wind.id), eq(packages.status, 'hired')));
    const [existing] = pkg ? await tx.select().from(hirings).where(eq(hirings.package_id, pkg.id)) : [];
    if (pkg && !existing) {
      const jobs = await tx.select({ id: packageJobs.id }).from(packageJobs).where(eq(packageJobs.package_id, pkg.id));
      const [campaignBrand] = await tx.select({ brand_user_id: campaigns.brand_user_id }).from(campaigns).where(eq(campaigns.id, pkg.campaign_id));
      if (campaignBrand) {
        await tx.insert(hirings).values({
          campaign_id: pkg.campaign_id,
          brand_user_id: campaignBrand.brand_user_id,
          podcast_id: wind.id,
          podcaster_user_id: pkg.podcaster_user_id,
          package_id: pkg.id,
          total_price: pkg.total_price,
          job_ids: jobs.map((j) => j.id),
          status: 'new',
          created_at: daysAgo(5),
        });
      }
    }
  }

  const report = async (userId: number, name: string, lines: string[], at: Date) => {
    const bytes = onePagePdf(lines);
    const { name: stored, path } = generatedName('pdf', at);
    await (await storage()).put(path, bytes);
    const [row] = await tx
      .insert(files)
      .values({
        user_id: userId,
        name: stored,
        original_name: name,
        path,
        url: '',
        size: bytes.length,
        mime: 'application/pdf',
        meta: { extension: 'pdf' },
        reference_type: MANUAL_STATS_REFERENCE,
        created_at: at,
      })
      .returning();
    await tx
      .update(files)
      .set({ url: fileUrl(row!.id) })
      .where(eq(files.id, row!.id));
    return row!;
  };
  const stats = async (p: typeof wind, listens: number, status: 'verified' | 'pending', fileName: string, lines: string[], ago: number) => {
    if (!p) return;
    const [has] = await tx.select({ id: podcastManualStats.id }).from(podcastManualStats).where(eq(podcastManualStats.podcast_id, p.id));
    if (has) return;
    const file = await report(p.user_id, fileName, lines, daysAgo(ago));
    const [row] = await tx
      .insert(podcastManualStats)
      .values({
        podcast_id: p.id,
        listens,
        status,
        file_url: fileUrl(file.id),
        file_original_name: fileName,
        verified_at: status === 'verified' ? daysAgo(ago - 1) : null,
        created_at: daysAgo(ago),
      })
      .returning();
    await tx.update(files).set({ reference_id: row!.id }).where(eq(files.id, file.id));
    if (status === 'verified') await tx.update(podcasts).set({ avg_listens: listens }).where(eq(podcasts.id, p.id));
  };
  await stats(
    wind,
    2840,
    'verified',
    'buzzsprout-downloads-last-90-days.pdf',
    ['Second Wind Running - downloads, last 90 days', 'Episodes published: 13', 'Average downloads per episode (30 days): 2,840'],
    21,
  );
  await stats(
    show('Night Shift Stories'),
    6120,
    'pending',
    'libsyn-stats-export.pdf',
    ['Night Shift Stories - Libsyn stats export', 'Average downloads per episode: 6,120', 'Top countries: US, CA, GB'],
    2,
  );
}
