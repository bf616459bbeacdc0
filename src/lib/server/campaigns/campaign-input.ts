/** What each wizard tab sends, validated with zod; the review tab checks the whole campaign before it is submitted. */
import { today } from '../clock';
import { isDay } from '../../slots';
import { z } from 'zod';
import { WIZARD_TABS } from '../../campaign-types';

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const todayIso = () => today();

export const MIN_BUDGET_CENTS = 10_000;
export const MAX_BUDGET_CENTS = 99_999_999_999;

const detailsShape = {
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().min(1).max(5000),
  url: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .refine((v) => /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), 'The url field must be a valid URL starting with http:// or https://.'),
  categories: z.array(z.coerce.number().int().positive()).min(1, 'Choose at least one category.').max(3, 'Choose at most 3 categories.'),
};

const adsShape = {
  ads: z
    .array(z.object({ ad_id: z.coerce.number().int().positive(), description: z.string().trim().max(2000).default('') }))
    .min(1, 'Choose at least one ad type.')
    .max(2),
};

const budgetShape = {
  budget: z.coerce
    .number()
    .int('The budget field must be a whole number of cents.')
    .min(MIN_BUDGET_CENTS, 'The budget must be at least $100.')
    .max(MAX_BUDGET_CENTS, 'The budget is too large.'),
  duration: z.coerce.number().int().min(1, 'The duration must be at least 1 day.').max(365, 'The duration must not be more than 365 days.'),
  delivery_date: z
    .string()
    .regex(isoDay, 'The delivery date must be a date.')
    // A real day of the calendar: 2027-02-30 is refused, not rolled over into March.
    .refine((v) => isDay(v.slice(0, 10)), 'The delivery date must be a date.')
    .refine((v) => v > todayIso(), 'The delivery date must be after today.'),
  expired_days: z.coerce.number().int().min(1, 'The expired days must be at least 1.').max(365, 'The expired days must not be more than 365.'),
};

const attributionShape = {
  site_id: z.union([z.coerce.number().int().positive(), z.null()]).default(null),
};

export const tabSchemas = {
  details: z.object(detailsShape),
  ads: z.object(adsShape),
  budget: z.object(budgetShape),
  attribution: z.object(attributionShape),
  review: z.object({ submit: z.boolean().default(false) }),
} as const;

export const tabSchema = z.enum(WIZARD_TABS);

export type DetailsInput = z.infer<typeof tabSchemas.details>;
export type AdsInput = z.infer<typeof tabSchemas.ads>;
export type BudgetInput = z.infer<typeof tabSchemas.budget>;
export type AttributionInput = z.infer<typeof tabSchemas.attribution>;
