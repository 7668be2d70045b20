import { z } from 'zod';

/**
 * /dashboard/profit-analysis?batch=12: the batch whose progress the page follows;
 * ?idea=7: the idea to analyse, picked already (an idea page's "Analyse profit" links here).
 */
export const profitSearch = z.object({
  batch: z.coerce.number().int().positive().optional().catch(undefined),
  idea: z.coerce.number().int().positive().optional().catch(undefined),
});
export type ProfitSearch = z.infer<typeof profitSearch>;
