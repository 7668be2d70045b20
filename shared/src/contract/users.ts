import { z } from 'zod';
import { ROLES } from '../permissions';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits';
import { orderQuery, pageQuery, text } from './common';

// Users: the public shape of an account, registration fields and the users admin calls.

export const roleSchema = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });

export const userSchema = z
  .object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    username: z.string(),
    email: z.string(),
    role: roleSchema,
    email_verified: z.boolean(),
    created_at: z.string(),
    trial_expires_at: z.string().nullable(),
    google_id: z.string().nullable(),
    github_id: z.string().nullable(),
    apple_id: z.string().nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const emailField = z
  .string({ error: 'email must be a string' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'email must be at most 254 characters' })
  .pipe(z.email({ error: 'email must be a valid email address' }));

export const usernameField = z
  .string({ error: 'username must be a string' })
  .trim()
  .min(3, { error: 'username must be at least 3 characters' })
  .max(30, { error: 'username must be at most 30 characters' })
  .regex(/^[A-Za-z0-9_.-]+$/, { error: 'username may contain only letters, digits, dots, dashes and underscores' });

export function passwordField(field = 'password') {
  return z
    .string({ error: `${field} must be a string` })
    .min(PASSWORD_MIN_LENGTH, { error: `${field} must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(PASSWORD_MAX_LENGTH, { error: `${field} must be at most ${PASSWORD_MAX_LENGTH} characters` });
}

/** Person names: free text, but never markup. */
export const nameField = (field: string) =>
  text(field, 100).refine((v) => !/[<>]/.test(v), { error: `${field} must not contain < or >` });

export const USER_SORTS = ['created_at', 'email', 'username', 'role', 'last_name'] as const;

export const listUsersQuery = z.strictObject({
  ...pageQuery,
  search: text('search', 200).optional(),
  role: roleSchema.optional(),
  sort: z.enum(USER_SORTS, { error: `sort must be one of ${USER_SORTS.join(', ')}` }).default('created_at'),
  order: orderQuery.default('desc'),
});
export type ListUsersQuery = z.infer<typeof listUsersQuery>;

export const updateUserBody = z
  .strictObject({
    role: roleSchema.optional(),
    trial_expires_at: z.iso
      .datetime({ offset: true, error: 'trial_expires_at must be an ISO 8601 date-time or null' })
      .transform((v) => new Date(v))
      .refine((d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 1970 && d.getUTCFullYear() <= 9999, {
        error: 'trial_expires_at must be a date between 1970 and 9999',
      })
      .transform((d) => d.toISOString())
      .nullable()
      .optional(),
    email_verified: z.boolean({ error: 'email_verified must be true or false' }).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { error: 'Provide at least one of role, trial_expires_at, email_verified' })
  .meta({ id: 'UpdateUser' });
export type UpdateUserBody = z.infer<typeof updateUserBody>;
