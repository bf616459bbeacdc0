/** The podcaster's view of a package's jobs, and the delivery dates they set on them. */
import { z } from 'zod';
import { bookAirDate } from '../../delivery';
import { isDay } from '../../../slots';
import { findOwnPackage } from './save-proposal';
import { loadPackage, type PackageJobPayload } from './serialize-package';

export const deliveryDateSchema = z.object({
  publish_date: z.string().refine((v) => isDay(v.slice(0, 10)), 'The publish date must be a real date (YYYY-MM-DD).'),
});

/** The jobs of the user's package (GET /api/podcaster/packages/{id}/jobs). */
export async function listPackageJobs(userId: number, packageId: number): Promise<PackageJobPayload[]> {
  await findOwnPackage(userId, null, packageId);
  return (await loadPackage(packageId))!.jobs;
}

/** Books a job's air date through delivery's rules (a funded job, a real, upcoming, scheduled and free day). */
export async function setDeliveryDate(userId: number, packageId: number, jobId: number, publishDate: string): Promise<PackageJobPayload> {
  await findOwnPackage(userId, null, packageId);
  await bookAirDate(userId, packageId, jobId, publishDate);
  return (await loadPackage(packageId))!.jobs.find((j) => j.id === jobId)!;
}
