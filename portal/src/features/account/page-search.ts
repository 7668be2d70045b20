import { z } from 'zod';

/** Lists whose only URL state is the page (/my/ideas, Idea Storm history, /my/projects). */
export const pageSearch = z.object({ page: z.coerce.number().int().min(1).optional().catch(undefined) });
export type PageSearch = z.infer<typeof pageSearch>;
