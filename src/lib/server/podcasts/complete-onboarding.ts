/** Completes a podcaster's profile (podcaster.is_completed) once they have a podcast and a name. */
import { setAccountName, markPodcasterCompleted } from '../users';
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, podcasts } from '../db';
import { fieldError } from '../http';

export const completeOnboardingSchema = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  country: z.string().trim().length(2).nullable().optional(),
});
export type CompleteOnboardingInput = z.infer<typeof completeOnboardingSchema>;

/** Saves the name, marks the podcaster complete and their podcasts onboarded; needs one podcast first. */
export async function completeOnboarding(userId: number, input: CompleteOnboardingInput): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(podcasts).where(eq(podcasts.user_id, userId));
  if (!Number(row?.n ?? 0)) throw fieldError('url', 'Add at least one podcast to continue.');
  await db.transaction(async (tx) => {
    await setAccountName(tx, userId, {
      first_name: input.first_name,
      last_name: input.last_name,
      ...(input.country !== undefined ? { country: input.country?.toUpperCase() ?? null } : {}),
    });
    await markPodcasterCompleted(tx, userId);
    await tx.update(podcasts).set({ is_onboarded: true }).where(eq(podcasts.user_id, userId));
  });
}
