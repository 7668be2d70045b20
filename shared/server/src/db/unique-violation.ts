import { conflict } from '../errors';

const MESSAGES: Record<string, { field: string; message: string }> = {
  users_email_key: { field: 'email', message: 'An account with this email already exists' },
  users_username_key: { field: 'username', message: 'This username is already taken' },
};

/** Turns a unique-constraint violation into a 409 naming the field; rethrows anything else. */
export function rethrowUniqueViolation(err: unknown): never {
  const e = err as { code?: string; constraint?: string };
  if (e?.code === '23505') {
    const known = e.constraint ? MESSAGES[e.constraint] : undefined;
    throw conflict(known?.message ?? 'This value is already in use', known?.field);
  }
  throw err;
}
