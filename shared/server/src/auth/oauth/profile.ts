import { z } from 'zod';
import { emailField } from '@ideamine/shared/contract/users';

// Who the provider says signed in, in one shape for every provider.

export interface ProviderProfile {
  /** The provider's stable user id (OIDC `sub`, GitHub's numeric id). */
  subject: string;
  /** Lower-cased; null when the provider shared none (or an unusable one). */
  email: string | null;
  /** Only a verified email may match an existing account. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/** A usable email or null: provider data is not trusted to fit our rules. */
export function cleanEmail(value: unknown): string | null {
  const parsed = emailField.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const UNSAFE_IN_NAMES = /[<>\u0000-\u001f\u007f]/g;

/** Names become profile fields: no markup, no control characters, bounded. */
export function cleanName(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.replace(UNSAFE_IN_NAMES, '').trim().slice(0, 100);
}

/** Apple sends email_verified as the string "true". */
export const isTrue = (value: unknown) => value === true || value === 'true';

export const subjectSchema = z.union([z.string().min(1).max(255), z.number().int().nonnegative()]).transform(String);
