import { z } from 'zod';

// Sign-in with Google, GitHub and Apple: starting an authorization, finishing it, and the
// signed-in user's linked accounts.

export const OAUTH_PROVIDERS = ['google', 'github', 'apple'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export const OAUTH_PROVIDER_NAMES: Record<OAuthProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
};

export const OAUTH_MODES = ['signin', 'link'] as const;
export type OAuthMode = (typeof OAUTH_MODES)[number];

export const oauthProviderField = z.enum(OAUTH_PROVIDERS, {
  error: `provider must be one of ${OAUTH_PROVIDERS.join(', ')}`,
});

export const oauthProviderParam = z.strictObject({ provider: oauthProviderField });

/** Values the provider put in the redirect: opaque, but bounded. */
const opaque = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

export const oauthAuthQuery = z.strictObject({
  mode: z.enum(OAUTH_MODES, { error: `mode must be one of ${OAUTH_MODES.join(', ')}` }).default('signin'),
});

/**
 * What the provider sent back to the portal's callback page. Not strict: providers add their own
 * parameters (Google's scope, authuser, prompt), which the portal may pass along unread.
 */
export const oauthCallbackQuery = z.object({
  code: opaque('code', 2048).optional(),
  state: opaque('state', 200),
  iss: opaque('iss', 500).optional(),
  error: opaque('error', 200).optional(),
  error_description: z.string().max(1000).optional(),
});
export type OAuthCallbackQuery = z.infer<typeof oauthCallbackQuery>;

export const oauthLinkBody = z
  .strictObject({
    code: opaque('code', 2048),
    state: opaque('state', 200),
    iss: opaque('iss', 500).optional(),
  })
  .meta({ id: 'OAuthLinkRequest' });
export type OAuthLinkBody = z.infer<typeof oauthLinkBody>;

export const oauthProviderSchema = z
  .object({ provider: oauthProviderField, name: z.string() })
  .meta({ id: 'OAuthProvider' });

export const oauthAuthStartSchema = z.object({ auth_url: z.string(), state: z.string() }).meta({ id: 'OAuthStart' });

export const oauthAccountSchema = z
  .object({
    provider: oauthProviderField,
    provider_user_id: z.string(),
    /** Null for links made before link times were kept. */
    linked_at: z.string().nullable(),
  })
  .meta({ id: 'OAuthAccount' });
export type OAuthAccount = z.infer<typeof oauthAccountSchema>;

export const oauthStatusSchema = z
  .object({
    signed_in: z.boolean(),
    /** Whether the caller can also sign in with a password; null when not signed in. */
    has_password: z.boolean().nullable(),
    providers: z.array(
      z.object({
        provider: oauthProviderField,
        name: z.string(),
        configured: z.boolean(),
        /** Null when not signed in. */
        linked: z.boolean().nullable(),
      }),
    ),
  })
  .meta({ id: 'OAuthStatus' });
export type OAuthStatus = z.infer<typeof oauthStatusSchema>;
