/** The podcaster's view of a package's jobs (delivery books their air dates: delivery/delivery-date.ts). */
import { findOwnPackage } from './save-proposal';
import { loadPackage, type PackageJobPayload } from './serialize-package';

/** The jobs of the user's package (GET /api/podcaster/packages/{id}/jobs). */
export async function listPackageJobs(userId: number, packageId: number): Promise<PackageJobPayload[]> {
  await findOwnPackage(userId, null, packageId);
  return (await loadPackage(packageId))!.jobs;
}
