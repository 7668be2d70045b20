import { z } from 'zod';

/** /dashboard/profit-analysis?batch=12: the batch whose progress the page follows. */
export const profitSearch = z.object({ batch: z.coerce.number().int().positive().optional().catch(undefined) });
export type ProfitSearch = z.infer<typeof profitSearch>;
