/** Content collections: the Help Center's articles (src/content/help/*.md), rendered on the server. */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** The Help Center's sections, in the order the index shows them. */
export const HELP_SECTIONS = ['Getting started', 'For brands', 'For podcasters', 'Hosting', 'Your account'] as const;

const help = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/help' }),
  schema: z.object({
    title: z.string(),
    summary: z.string(),
    section: z.enum(HELP_SECTIONS),
    /** Position inside its section. */
    order: z.number().int(),
    /** Words people search with that the text may not use. */
    keywords: z.array(z.string()).default([]),
  }),
});

export const collections = { help };
