import { z } from 'zod';

/** /login and /register carry where to go afterwards and, after a forced sign-out, why. */
export const authPageSearch = z.object({
  redirect: z.string().optional().catch(undefined),
  reason: z.enum(['refresh-failed', 'no-refresh-token', 'user-gone']).optional().catch(undefined),
});
export type AuthPageSearch = z.infer<typeof authPageSearch>;

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeRedirect(target: string | undefined, fallback = '/dashboard'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return fallback;
  return target;
}
