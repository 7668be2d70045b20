import { z } from 'zod';
import { PROFIT_LABELS } from '@ideamine/shared/contract/knowledge';
import { SEARCH_SORTS } from '@ideamine/shared/contract/public';

/** /search keeps its query and filters in the URL (spec s3 idea search filters). */
export const searchParams = z.object({
  q: z.string().optional().catch(undefined),
  categories: z.string().optional().catch(undefined),
  profit_level: z.enum(PROFIT_LABELS).optional().catch(undefined),
  date_from: z.string().optional().catch(undefined),
  date_to: z.string().optional().catch(undefined),
  sort: z.enum(SEARCH_SORTS).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type SearchParams = z.infer<typeof searchParams>;
