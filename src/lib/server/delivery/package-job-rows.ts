/**
 * The rows of a proposal's jobs, written by delivery alone (their status moves in job-status.ts): a
 * single-episode item is one job; an item of several episodes is a parent with one child per episode.
 * The marketplace asks for them through the 'proposal-jobs' step (domain-events.ts) when a proposal is sent or
 * edited while it is pending; boot registers the handler (registerProposalJobsStep).
 */
import { eq } from 'drizzle-orm';
import { type Tx, packageJobs } from '../db';
import { handleDealTxStep } from '../domain-events';

export interface NewPackageJob {
  campaign_ad_id: number;
  /** The fee per episode, in cents. */
  fee: number;
  episodes: number;
  /** One delivery date (YYYY-MM-DD) per episode. */
  dates: string[];
}

/** Inserts the jobs of a package. */
export async function createPackageJobs(tx: Tx, packageId: number, jobs: NewPackageJob[]): Promise<void> {
  for (const job of jobs) {
    if (job.episodes === 1) {
      await tx
        .insert(packageJobs)
        .values({ package_id: packageId, campaign_ad_id: job.campaign_ad_id, fee: job.fee, episodes: 1, is_episode: true, delivery_date: job.dates[0]! });
      continue;
    }
    const [parent] = await tx
      .insert(packageJobs)
      .values({ package_id: packageId, campaign_ad_id: job.campaign_ad_id, fee: job.fee, episodes: job.episodes, is_episode: false, delivery_date: null })
      .returning({ id: packageJobs.id });
    await tx.insert(packageJobs).values(
      job.dates.map((date) => ({
        package_id: packageId,
        campaign_ad_id: job.campaign_ad_id,
        fee: job.fee,
        episodes: 1,
        is_episode: true,
        parent_id: parent!.id,
        delivery_date: date,
      })),
    );
  }
}

/** Replaces the jobs of a pending package (an edited proposal): the old rows go, the new ones come. */
export async function replacePackageJobs(tx: Tx, packageId: number, jobs: NewPackageJob[]): Promise<void> {
  await tx.delete(packageJobs).where(eq(packageJobs.package_id, packageId));
  await createPackageJobs(tx, packageId, jobs);
}

/** Handles the marketplace's 'proposal-jobs' step; boot calls it once per process. */
export function registerProposalJobsStep(): void {
  handleDealTxStep('proposal-jobs', (tx, { packageId, jobs, replace }) =>
    replace ? replacePackageJobs(tx, packageId, jobs) : createPackageJobs(tx, packageId, jobs),
  );
}
