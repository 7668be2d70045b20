import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../limits';
import { text } from './common';
import { emailField, nameField, passwordField, userSchema, usernameField } from './users';

// Accounts: registration, sign-in, token refresh and the signed-in user's own profile.

export const tokensSchema = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_at: z.string(),
  })
  .meta({ id: 'Tokens' });
export type Tokens = z.infer<typeof tokensSchema>;

export const authResultSchema = z.object({ tokens: tokensSchema, user: userSchema }).meta({ id: 'AuthResult' });
export type AuthResult = z.infer<typeof authResultSchema>;

export const registerBody = z
  .strictObject({
    email: emailField,
    username: usernameField,
    password: passwordField(),
    first_name: nameField('first_name').optional(),
    last_name: nameField('last_name').optional(),
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z
  .strictObject({
    email: text('email', 254).pipe(z.string().min(1, { error: 'email is required' })),
    password: z
      .string({ error: 'password must be a string' })
      .min(1, { error: 'password is required' })
      .max(PASSWORD_MAX_LENGTH, { error: `password must be at most ${PASSWORD_MAX_LENGTH} characters` }),
  })
  .meta({ id: 'LoginRequest' });
export type LoginBody = z.infer<typeof loginBody>;

const refreshTokenField = z
  .string({ error: 'refresh_token must be a string' })
  .min(1, { error: 'refresh_token is required' })
  .max(200, { error: 'refresh_token is not valid' });

export const refreshBody = z.strictObject({ refresh_token: refreshTokenField }).meta({ id: 'RefreshRequest' });
export const logoutBody = z.strictObject({ refresh_token: refreshTokenField.optional() }).meta({ id: 'LogoutRequest' });

export const updateMeBody = z
  .strictObject({
    first_name: nameField('first_name').optional(),
    last_name: nameField('last_name').optional(),
    username: usernameField.optional(),
    email: emailField.optional(),
    current_password: z
      .string({ error: 'current_password must be a string' })
      .max(PASSWORD_MAX_LENGTH, { error: `current_password must be at most ${PASSWORD_MAX_LENGTH} characters` })
      .optional(),
  })
  .refine((b) => Object.keys(b).some((k) => k !== 'current_password'), {
    error: 'Provide at least one of first_name, last_name, username, email',
  })
  .meta({ id: 'UpdateProfile' });
export type UpdateMeBody = z.infer<typeof updateMeBody>;

export const changePasswordBody = z
  .strictObject({
    current_password: z
      .string({ error: 'current_password must be a string' })
      .min(1, { error: 'current_password is required' })
      .max(PASSWORD_MAX_LENGTH, { error: `current_password must be at most ${PASSWORD_MAX_LENGTH} characters` }),
    new_password: passwordField('new_password'),
  })
  .refine((b) => b.current_password !== b.new_password, {
    error: 'new_password must differ from current_password',
    path: ['new_password'],
  })
  .meta({ id: 'ChangePassword' });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
