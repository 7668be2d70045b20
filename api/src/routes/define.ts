import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { Pagination } from '@ideamine/shared/envelope';
import type { Requirement } from '@ideamine/shared/permissions';
import type { ClientInfo } from '@ideamine/server/auth/sessions';
import type { AppContext } from '@ideamine/server/context';
import type { AuthState } from '../middlewares/authenticate';
import type { MultipartSpec, UploadedFile } from '../middlewares/multipart-body';

// A route is data: method, path, requirement, contract schemas and a handler. The router, the
// OpenAPI document and the permission matrix test all read the same list.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The file part of a multipart request (routes that declare `multipart`); null otherwise. */
  file: UploadedFile | null;
  /** Present whenever the requirement is not public; may be present on public routes too. */
  auth: AuthState | null;
  app: AppContext;
  client: ClientInfo;
  requestId: string;
  koa: Context;
}

/**
 * Data already serialised as JSON (a page of cards PostgreSQL wrote: queries/public-cards.ts),
 * written into the envelope as it is. With checkResponses (tests) it is parsed and checked
 * against the route's schema like any other answer.
 */
export class JsonText<T = unknown> {
  declare readonly of?: T;
  constructor(readonly text: string) {}
}

export interface Reply<T> {
  data: T | JsonText<T>;
  meta?: { pagination?: Pagination; [key: string]: unknown };
  status?: number;
}

/** Raw bytes instead of the JSON envelope, for routes that declare `rawResponse` (e.g. images). */
export interface RawReply {
  /** A Buffer, or a stream for large files (backups). */
  raw: { body: Buffer | Readable; type: string; headers?: Record<string, string> };
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
  /** The 401 message when a caller is not signed in, e.g. 'Please sign in to vote'. */
  unauthenticatedMessage?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Also accept multipart/form-data (the JSON fields in one text part, at most one file). Default: JSON only. */
  multipart?: MultipartSpec;
  /** The response schema; routes with `rawResponse` answer bytes and do not use it. */
  response: R;
  /** Success answers raw bytes of these media types instead of the envelope; errors stay envelopes. */
  rawResponse?: { types: readonly string[]; description: string };
  /**
   * GET answers for visitors (no token) are the same for everyone: cache the serialized answer
   * per path and query string for PUBLIC_CACHE_SECONDS (dropped when the data changes). A route
   * whose answer holds a part cached on its own (trending keywords) says which queries to leave
   * out, so no answer stacks one cache on another. Signed-in callers get live pages.
   */
  visitorCache?: boolean | ((query: Record<string, unknown>) => boolean);
  /**
   * GET answers that are the same for every caller allowed to make the call (operations
   * dashboards): cached per path and query string for DASHBOARD_CACHE_SECONDS, never served
   * after that and dropped when the data changes. `forceRefresh=true` in the query always reads live.
   */
  sharedCache?: boolean;
  successStatus?: 200 | 201;
  handler: (input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>) => Promise<Reply<z.input<R>> | RawReply>;
}

/** A route with its types erased, as the router and the document generator see it. */
export type Route = Omit<RouteSpec<z.ZodType, z.ZodType, z.ZodType, z.ZodType>, 'handler'> & {
  handler: (input: RouteInput<unknown, unknown, unknown>) => Promise<Reply<unknown> | RawReply>;
};

export function defineRoute<
  P extends z.ZodType = z.ZodType<Record<string, never>>,
  Q extends z.ZodType = z.ZodType<Record<string, never>>,
  B extends z.ZodType = z.ZodType<Record<string, never>>,
  R extends z.ZodType = z.ZodType,
>(spec: RouteSpec<P, Q, B, R>): Route {
  return spec as unknown as Route;
}

export const ok = <T>(data: T | JsonText<T>, meta?: Reply<T>['meta']): Reply<T> => (meta ? { data, meta } : { data });

export const raw = (body: Buffer | Readable, type: string, headers?: Record<string, string>): RawReply => ({
  raw: { body, type, ...(headers ? { headers } : {}) },
});
