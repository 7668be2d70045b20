import type { Middleware } from 'koa';
import { ERRORS, type ErrorCode } from '@ideamine/shared/errors';
import type { ErrorEnvelope } from '@ideamine/shared/envelope';
import { isDatabaseUnavailable } from '@ideamine/server/db/unavailable';
import { ApiError } from '@ideamine/server/errors';

// Turns every failure into the error envelope. Expected errors keep their code and message;
// anything else is logged with the request id and answered as a bare 500.

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** A restart takes seconds; asking clients to come back sooner would only add load. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

export function errorEnvelope(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined)
        throw new ApiError('NOT_FOUND', `No route for ${ctx.method} ${ctx.path}`);
    } catch (raw) {
      const err = toApiError(raw);
      if (err.status >= 500) ctx.state.log?.error({ err: raw }, 'request failed');
      ctx.status = err.status;
      for (const [name, value] of Object.entries(err.headers ?? {})) ctx.set(name, value);
      const body: ErrorEnvelope = {
        status: 'error',
        data: null,
        error: {
          code: err.code,
          message: err.message,
          ...(err.field ? { field: err.field } : {}),
          ...(err.details && err.details.length > 1 ? { details: err.details } : {}),
        },
      };
      ctx.body = body;
    }
  };
}

function toApiError(raw: unknown): ApiError {
  if (raw instanceof ApiError) return raw;
  const e = raw as { status?: number; expose?: boolean; message?: string; code?: string };
  // The database down, restarting or dropping connections: the client should retry shortly.
  if (isDatabaseUnavailable(raw)) {
    return new ApiError('SERVICE_UNAVAILABLE', 'The database is unavailable; please retry shortly', undefined, {
      'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
    });
  }
  // PostgreSQL data exceptions (class 22: out of range, bad encoding...): input the contract
  // should have caught; still the client's, never a 500.
  if (typeof e?.code === 'string' && e.code.startsWith('22') && e.code.length === 5) {
    return new ApiError('VALIDATION_ERROR', 'A value in the request is out of range or malformed');
  }
  const status = typeof e?.status === 'number' ? e.status : 500;
  const code = CODE_BY_STATUS[status];
  // An HTTP method no route knows (PROPFIND, TRACE) is the client's mistake, not ours.
  if (status === 501) return new ApiError('METHOD_NOT_ALLOWED', 'This HTTP method is not supported');
  if (code && e.expose !== false) return new ApiError(code, e.message || ERRORS[code].message);
  return new ApiError('INTERNAL_ERROR');
}
