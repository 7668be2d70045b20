import { z } from 'zod';
import type { GithubProviderConfig } from '../../config';
import { cleanEmail, cleanName, subjectSchema, type ProviderProfile } from './profile';

// GitHub is not an OpenID provider: the user comes from its REST API. /user carries the public
// email (GitHub allows only a verified one there); a private one is read from /user/emails.

const TIMEOUT_MS = 10_000;

const userSchema = z.object({
  id: subjectSchema,
  login: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
});

const emailsSchema = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

async function getJson(c: GithubProviderConfig, path: string, accessToken: string): Promise<unknown> {
  const response = await fetch(`${c.apiUrl}${path}`, {
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${accessToken}`,
      'user-agent': 'Ideamine',
      'x-github-api-version': '2022-11-28',
    },
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`GitHub API ${path} answered ${response.status}`);
  return response.json();
}

export async function githubProfile(c: GithubProviderConfig, accessToken: string): Promise<ProviderProfile> {
  const user = userSchema.parse(await getJson(c, '/user', accessToken));
  let email = cleanEmail(user.email);
  if (!email) {
    const emails = emailsSchema.parse(await getJson(c, '/user/emails', accessToken));
    const chosen = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
    email = cleanEmail(chosen?.email);
  }
  const [first = '', ...rest] = cleanName(user.name).split(/\s+/);
  return {
    subject: user.id,
    email,
    emailVerified: !!email,
    firstName: first,
    lastName: cleanName(rest.join(' ')),
  };
}
