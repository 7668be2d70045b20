import { authRoutes } from './auth/router';
import type { Route } from './define';
import { userRoutes } from './users/router';

/** Every /api/v1 route. The router, the OpenAPI document and the permission matrix test read this list. */
export const routes: readonly Route[] = [...authRoutes, ...userRoutes];
