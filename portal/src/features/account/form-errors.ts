import { ApiClientError, messageOf } from '../../api/errors';

// The API names the field a refused form got wrong (error.field, or details per field); the
// form shows that message under the field, and any other failure above the form.

/** Whether the API's field path (`knowledge_ids.2`) is `field` or inside it. */
const isAbout = (path: string | undefined, field: string) => path === field || !!path?.startsWith(`${field}.`);

/** The API's message for `field`, or undefined when the error is about something else. */
export function fieldErrorOf(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiClientError)) return undefined;
  if (isAbout(error.field, field)) return error.message;
  return error.details?.find((d) => isAbout(d.field, field))?.message;
}

/** The message to show above the form: null when a field of the form already shows it. */
export function formLevelError(error: unknown, fields: readonly string[], fallback: string): string | null {
  if (!error) return null;
  if (fields.some((field) => fieldErrorOf(error, field) !== undefined)) return null;
  return messageOf(error, fallback);
}
