import { ApiClientError } from '../../api/errors';

/** A refusal found before anything is sent, shaped like the API's so it shows under its field. */
export const localFieldError = (field: string, message: string) =>
  new ApiClientError('VALIDATION_ERROR', message, null, { field, message, code: 'VALIDATION_ERROR' });
