import { z } from 'zod';

// The response envelope of spec s7: {status, data, meta?, error?}.

export const paginationSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  total_page: z.number().int(),
  total_pages: z.number().int(),
  /** Set when `total` is an estimate: a search matching more ideas than are counted exactly. */
  total_estimated: z.boolean().optional(),
  /**
   * Lists with seek pagination: pass it back as `cursor` for the rows after this page, found by
   * index however deep (page numbers read and skip every row before). Null on the last page.
   */
  next_cursor: z.string().nullable().optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const metaSchema = z.object({ pagination: paginationSchema.optional() }).catchall(z.unknown());

export interface SuccessEnvelope<T> {
  status: 'success';
  data: T;
  meta?: { pagination?: Pagination; [key: string]: unknown };
}
export interface ErrorEnvelope {
  status: 'error';
  data: null;
  error: ErrorBody;
}
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

export function successEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('success'), data, meta: metaSchema.optional() });
}
export const errorEnvelopeSchema = z.object({
  status: z.literal('error'),
  data: z.null(),
  error: errorBodySchema,
});

/** `estimated`: the total is an estimate (a broad search), flagged as `total_estimated`. */
export function paginate(total: number, page: number, pageSize: number, estimated = false): Pagination {
  const pages = pageSize > 0 ? Math.ceil(total / pageSize) : 0;
  return {
    total,
    page,
    page_size: pageSize,
    total_page: pages,
    total_pages: pages,
    ...(estimated ? { total_estimated: true } : {}),
  };
}
