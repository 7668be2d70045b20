import type { ReactNode } from 'react';

/** Operator screens by route path (shared/src/routes.ts ADMIN_ROUTES): each renders its page. */
export type ScreenMap = Record<string, () => ReactNode>;
