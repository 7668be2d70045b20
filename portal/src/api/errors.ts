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
