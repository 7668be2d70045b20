import type { Context } from 'koa';
import type { z } from 'zod';
import type { Pagination } from '@ideamine/shared/envelope';
import type { Requirement } from '@ideamine/shared/permissions';
import type { ClientInfo } from '../auth/sessions';
import type { AppContext } from '../context';
import type { AuthState } from '../middlewares/authenticate';

// A route is data: method, path, requirement, contract schemas and a handler. The router, the
// OpenAPI document and the permission matrix test all read the same list.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** Present whenever the requirement is not public; may be present on public routes too. */
  auth: AuthState | null;
  app: AppContext;
  client: ClientInfo;
  requestId: string;
  koa: Context;
}

export interface Reply<T> {
  data: T;
  meta?: { pagination?: Pagination; [key: string]: unknown };
  status?: number;
}

export interface RouteSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> {
  /** Stable name, e.g. 'users.update'. */
  id: string;
  method: Method;
  /** Relative to /api/v1, with :name parameters. */
  path: string;
  summary: string;
  tag: string;
  requirement: Requirement;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  successStatus?: 200 | 201;
  handler: (input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>) => Promise<Reply<z.input<R>>>;
}

/** A route with its types erased, as the router and the document generator see it. */
export type Route = Omit<RouteSpec<z.ZodType, z.ZodType, z.ZodType, z.ZodType>, 'handler'> & {
  handler: (input: RouteInput<unknown, unknown, unknown>) => Promise<Reply<unknown>>;
};

export function defineRoute<
  P extends z.ZodType = z.ZodType<Record<string, never>>,
  Q extends z.ZodType = z.ZodType<Record<string, never>>,
  B extends z.ZodType = z.ZodType<Record<string, never>>,
  R extends z.ZodType = z.ZodType,
>(spec: RouteSpec<P, Q, B, R>): Route {
  return spec as unknown as Route;
}

export const ok = <T>(data: T, meta?: Reply<T>['meta']): Reply<T> => (meta ? { data, meta } : { data });
