import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import type { z } from 'zod';

// What an operator screen reads from its URL: path params, and search params checked by a zod
// schema (a bad value falls back to its default instead of breaking the screen). Screens use
// these hooks rather than route objects, so the desktop console can mount them in its own tree.

export function useScreenParams(): Record<string, string> {
  return useParams({ strict: false }) as Record<string, string>;
}

/** A numeric path parameter such as a job id; NaN when it is not a positive whole number. */
export function useIdParam(name = 'id'): number {
  const raw = useScreenParams()[name] ?? '';
  return /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : Number.NaN;
}

export function useSearchState<S extends Record<string, unknown>>(
  schema: z.ZodType<S>,
): [S, (patch: Partial<S>) => void] {
  const raw = useSearch({ strict: false });
  const navigate = useNavigate();
  const parsed = schema.safeParse(raw);
  const value = parsed.success ? parsed.data : schema.parse({});
  const set = (patch: Partial<S>) =>
    void navigate({
      to: '.',
      replace: true,
      search: (prev: Record<string, unknown>) => {
        const next: Record<string, unknown> = { ...prev, ...patch };
        for (const [key, v] of Object.entries(next)) if (v === undefined || v === '') delete next[key];
        return next;
      },
    } as never);
  return [value, set];
}
