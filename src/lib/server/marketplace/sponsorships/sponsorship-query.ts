/** The query of the sponsorship list calls: tab, search, page, podcast. */
import { z } from 'zod';
import { SPONSORSHIP_TABS } from './list-sponsorships';

export const sponsorshipQuerySchema = z.object({
  tab: z.enum([...SPONSORSHIP_TABS, 'all']).default('others'),
  search: z.string().max(200).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(10),
  podcast_id: z.coerce.number().int().positive().optional(),
});
export type SponsorshipQuery = z.infer<typeof sponsorshipQuerySchema>;
