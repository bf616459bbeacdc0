/** The podcaster's view of a package's jobs, and the delivery dates they set on them. */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '../db/client';
import { packageJobs } from '../db/schema';
import { fieldError, notFound } from '../http';
import { isDay } from '../../slots';
import { findOwnPackage } from './save-proposal';
import { loadPackage, type PackageJobPayload } from './serialize-package';

export const deliveryDateSchema = z.object({
  publish_date: z.string().refine((v) => isDay(v.slice(0, 10)), 'The publish date field must be a valid date.'),
});

/** The jobs of the user's package (GET /api/podcaster/packages/{id}/jobs). */
export async function listPackageJobs(userId: number, packageId: number): Promise<PackageJobPayload[]> {
  await findOwnPackage(userId, null, packageId);
  return (await loadPackage(packageId))!.jobs;
}

/** Sets a job's delivery (publish) date; a completed or dropped job keeps its date. */
export async function setDeliveryDate(userId: number, packageId: number, jobId: number, publishDate: string): Promise<PackageJobPayload> {
  await findOwnPackage(userId, null, packageId);
  const db = await getDb();
  const [job] = await db
    .select()
    .from(packageJobs)
    .where(and(eq(packageJobs.id, jobId), eq(packageJobs.package_id, packageId)));
  if (!job) throw notFound();
  if (job.status === 'completed' || job.status === 'dropped') throw fieldError('publish_date', 'This ad is finished; its date cannot change.');
  await db
    .update(packageJobs)
    .set({ delivery_date: publishDate.slice(0, 10) })
    .where(eq(packageJobs.id, job.id));
  return (await loadPackage(packageId))!.jobs.find((j) => j.id === job.id)!;
}
