import { z } from 'zod';

// "Load the demo" (admin): the demo site's real posts through the real pipeline, and how far it has come.

/** failed: every demo job finished and not one of its pages could be read (refused or unreadable). */
export const DEMO_STATES = ['not_loaded', 'loading', 'loaded', 'failed'] as const;

export const demoProgressSchema = z
  .object({
    state: z.enum(DEMO_STATES),
    job_ids: z.array(z.number().int()),
    pages_crawled: z.number().int().min(0),
    pages_total: z.number().int().min(0),
    /** Pages skipped (robots.txt or the address policy) or failed: they gave no idea. */
    pages_not_read: z.number().int().min(0),
    /** The commonest reason those pages were not read, in the crawler's words; null when every page was read. */
    not_read_because: z.string().nullable(),
    ideas: z.number().int().min(0),
    scored: z.number().int().min(0),
  })
  .meta({ id: 'DemoProgress' });
export type DemoProgressDto = z.infer<typeof demoProgressSchema>;
