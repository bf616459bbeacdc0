/** POST …/jobs/{jobId}/delivery-dates: the podcaster books a job's air date and gets the job as the package shows it. */
import { z } from 'zod';
import { isDay } from '../../slots';
import { listPackageJobs, type PackageJobPayload } from '../marketplace';
import { bookAirDate } from './air-dates';

export const deliveryDateSchema = z.object({
  publish_date: z.string().refine((v) => isDay(v.slice(0, 10)), 'The publish date must be a real date (YYYY-MM-DD).'),
});

/** Books a job's air date by delivery's rules (the user's funded job, a real, upcoming, scheduled and free day). */
export async function setDeliveryDate(userId: number, packageId: number, jobId: number, publishDate: string): Promise<PackageJobPayload> {
  await bookAirDate(userId, packageId, jobId, publishDate);
  return (await listPackageJobs(userId, packageId)).find((j) => j.id === jobId)!;
}
