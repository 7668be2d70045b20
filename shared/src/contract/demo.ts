import { z } from 'zod';

// "Load the demo" (admin): the demo site's real posts through the real pipeline, and how far it has come.

export const DEMO_STATES = ['not_loaded', 'loading', 'loaded'] as const;

export const demoProgressSchema = z
  .object({
    state: z.enum(DEMO_STATES),
    job_ids: z.array(z.number().int()),
    pages_crawled: z.number().int().min(0),
    pages_total: z.number().int().min(0),
    ideas: z.number().int().min(0),
    scored: z.number().int().min(0),
  })
  .meta({ id: 'DemoProgress' });
export type DemoProgressDto = z.infer<typeof demoProgressSchema>;
