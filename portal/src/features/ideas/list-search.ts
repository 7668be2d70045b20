import { z } from 'zod';
import { PROFIT_LABELS } from '@ideamine/shared/contract/knowledge';
import { PUBLIC_IDEA_SORTS, USER_FILTERS } from '@ideamine/shared/contract/public';

// The URL search params of the idea lists: filters, sort, page and cursor live in the address bar so a
// list can be shared, reloaded and navigated with Back. Bad values fall back to the defaults.

export const ideaListSearch = z.object({
  search: z.string().optional().catch(undefined),
  category: z.string().optional().catch(undefined),
  profit_level: z.enum(PROFIT_LABELS).optional().catch(undefined),
  /** This label or better (the high-potential list's own filter). */
  min_profit_level: z.enum(PROFIT_LABELS).optional().catch(undefined),
  user_filter: z.enum(USER_FILTERS).optional().catch(undefined),
  sort: z.enum(PUBLIC_IDEA_SORTS).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  /** The cursor the page before gave out: this page is read after it (the API's `cursor`). */
  after: z.string().max(1500).optional().catch(undefined),
});
export type IdeaListSearch = z.infer<typeof ideaListSearch>;

export const IDEA_PAGE_SIZE = 12;
