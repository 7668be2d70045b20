import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../limits';
import { MAX_PATTERN_LENGTH, MAX_PATTERNS_PER_LIST, patternProblem } from '../pattern';

/** Ids are PostgreSQL integers. */
export const MAX_ID = 2_147_483_647;

// Building blocks reused by every resource contract.

export const idParam = z.strictObject({
  id: z.coerce
    .number({ error: 'id must be a positive whole number' })
    .int({ error: 'id must be a positive whole number' })
    .positive({ error: 'id must be a positive whole number' })
    .max(MAX_ID, { error: 'id must be a positive whole number' }),
});

export const pageQuery = {
  page: z.coerce
    .number({ error: 'page must be a whole number of 1 or more' })
    .int({ error: 'page must be a whole number of 1 or more' })
    .min(1, { error: 'page must be a whole number of 1 or more' })
    .default(DEFAULT_PAGE),
  page_size: z.coerce
    .number({ error: `page_size must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int({ error: `page_size must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .min(1, { error: `page_size must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .max(MAX_PAGE_SIZE, { error: `page_size must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE),
};

export const orderQuery = z.enum(['asc', 'desc'], { error: 'order must be asc or desc' });

export const messageSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

/** A free-text field: trimmed, bounded, no control characters. */
export function text(field: string, max: number) {
  return (
    z
      .string({ error: `${field} must be a string` })
      .trim()
      .max(max, { error: `${field} must be at most ${max} characters` })
      // eslint-disable-next-line no-control-regex -- refusing control characters is the point
      .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), {
        error: `${field} must not contain control characters`,
      })
  );
}

/**
 * A list of regular expressions that crawled URLs are matched against. Each must run on the
 * linear-time engine; a refusal names the item (include_patterns.2) and the construct.
 */
export function patternList(field: string) {
  return z
    .array(text(field, MAX_PATTERN_LENGTH), { error: `${field} must be a list of regular expressions` })
    .max(MAX_PATTERNS_PER_LIST, { error: `${field} may hold at most ${MAX_PATTERNS_PER_LIST} patterns` })
    .superRefine((list, ctx) => {
      list.forEach((pattern, i) => {
        const problem = patternProblem(pattern);
        if (problem)
          ctx.addIssue({ code: 'custom', path: [i], input: pattern, message: `${field}.${i} "${pattern}" ${problem}` });
      });
    });
}
