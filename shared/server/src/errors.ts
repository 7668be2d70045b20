import { ERRORS, type ErrorCode } from '@ideamine/shared/errors';

/** An expected failure: becomes an error envelope with the catalogue's status. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
    readonly details?: { field: string; message: string }[],
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }
}

export const notFound = (what: string) => new ApiError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string, field?: string) => new ApiError('CONFLICT', message, field);
