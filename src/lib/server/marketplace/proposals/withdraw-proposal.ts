/** A podcaster withdraws a pending proposal (the sponsorship's "cancel"); a hired one cannot be withdrawn. */
import { and, eq } from 'drizzle-orm';
import { getDb, opportunities, packages } from '../../db';
import { HttpError, notFound } from '../../http';
import { transitionOpportunities, transitionPackage } from '../deal-status';
import { publishPackageChanged } from './events';

/** Marks the package withdrawn and its opportunity cancelled; tells the brand's open screens. */
export async function withdrawProposal(userId: number, packageId: number): Promise<void> {
  const db = await getDb();
  const [pkg] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, packageId), eq(packages.podcaster_user_id, userId)));
  if (!pkg) throw notFound();
  if (pkg.status !== 'pending')
    throw new HttpError(422, 'Only a pending proposal can be withdrawn.', { package: ['Only a pending proposal can be withdrawn.'] });
  await db.transaction(async (tx) => {
    await transitionPackage(tx, pkg.id, 'withdrawn');
    await transitionOpportunities(tx, and(eq(opportunities.podcast_id, pkg.podcast_id), eq(opportunities.campaign_id, pkg.campaign_id)), 'cancelled');
  });
  await publishPackageChanged('updated', pkg.id);
}
