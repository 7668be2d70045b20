import { z } from 'zod';
import { OAUTH_PROVIDERS, type OAuthLinkBody, type OAuthProvider } from '@ideamine/shared/contract/oauth';

// /auth/{provider}/link-callback?code&state[&iss] or ?error&error_description: what the provider
// sent back after the user agreed (or declined) to link an account.

export const linkCallbackSearch = z.object({
  code: z.string().optional().catch(undefined),
  state: z.string().optional().catch(undefined),
  iss: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
  error_description: z.string().optional().catch(undefined),
});
export type LinkCallbackSearch = z.infer<typeof linkCallbackSearch>;

export function providerOf(value: string): OAuthProvider | null {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value) ? (value as OAuthProvider) : null;
}

export type LinkCallbackPlan = { kind: 'link'; body: OAuthLinkBody } | { kind: 'refused'; message: string };

/** What to do with the provider's answer: send code and state to the API, or say why not. */
export function planLinkCallback(search: LinkCallbackSearch, providerName: string): LinkCallbackPlan {
  if (search.error)
    return {
      kind: 'refused',
      message: `${providerName} did not link the account: ${search.error_description || search.error}`,
    };
  if (!search.code || !search.state)
    return { kind: 'refused', message: `${providerName} sent no authorization code; please start again` };
  const body: OAuthLinkBody = { code: search.code, state: search.state };
  if (search.iss) body.iss = search.iss;
  return { kind: 'link', body };
}
