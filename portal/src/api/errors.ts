import type { ErrorBody } from '@ideamine/shared/envelope';
import { CLIENT_MESSAGES } from '@ideamine/shared/errors';

// The client error shape of spec s8: the envelope's code and message when the server sent one,
// else the HTTP status as the code, or NETWORK_ERROR when no answer came at all.

export class ApiClientError extends Error {
  readonly code: string;
  readonly status: number | null;
  readonly field: string | undefined;
  readonly details: ErrorBody['details'];

  constructor(code: string, message: string, status: number | null, body?: Partial<ErrorBody>) {
    super(message);
    this.name = 'ApiClientError';
    this.code = code;
    this.status = status;
    this.field = body?.field;
    this.details = body?.details;
  }
}

export function networkError(): ApiClientError {
  return new ApiClientError('NETWORK_ERROR', CLIENT_MESSAGES.network, null);
}

/** The error a failed response stands for: the envelope's error passes through unchanged. */
export function errorFromResponse(status: number, body: unknown): ApiClientError {
  const error = (body as { status?: unknown; error?: Partial<ErrorBody> } | null)?.error;
  if (error && typeof error.code === 'string')
    return new ApiClientError(error.code, error.message || CLIENT_MESSAGES.default, status, error);
  return new ApiClientError(String(status), CLIENT_MESSAGES.default, status);
}

/** A message to show for any thrown value, with the screen's own fallback. */
export function messageOf(error: unknown, fallback: string = CLIENT_MESSAGES.default): string {
  if (error instanceof ApiClientError) return error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export interface LoadErrorText {
  /** What happened, in plain words. */
  message: string;
  /** What the person can do next. */
  next: string;
  /** Whether trying again can help: only when the server or the network failed, or was busy. */
  retry: boolean;
}

/**
 * A failed page load in words a person reads: what happened and what to do next. Retry is
 * offered only where retrying can work; a missing record or a malformed link stays so.
 */
export function describeLoadError(error: unknown, fallback: string = CLIENT_MESSAGES.default): LoadErrorText {
  if (!(error instanceof ApiClientError))
    return {
      message: messageOf(error, fallback),
      next: 'Try again; if it keeps failing, reload the page.',
      retry: true,
    };
  if (error.status === null)
    return {
      message: 'Ideamine could not be reached.',
      next: 'Check your connection, then try again.',
      retry: true,
    };
  if (error.status === 404)
    return {
      message: error.message && error.message !== CLIENT_MESSAGES.default ? `${error.message}.` : 'This was not found.',
      next: 'It may have been removed, or the link may be incomplete. Go back, or start again from the home page.',
      retry: false,
    };
  if (error.status === 400 || error.status === 422)
    return {
      message: 'This address is not valid.',
      next: 'Check that the link was copied whole, or start again from the home page.',
      retry: false,
    };
  if (error.status === 401 || error.status === 403)
    return {
      message: 'You do not have access to this.',
      next: 'Sign in with an account that does, or ask an administrator.',
      retry: false,
    };
  if (error.status === 429)
    return { message: 'Too many requests just now.', next: 'Wait a few seconds, then try again.', retry: true };
  return {
    message: 'Something went wrong on our side.',
    next: 'Try again in a moment; if it keeps failing, an administrator can see the error in System health.',
    retry: true,
  };
}
