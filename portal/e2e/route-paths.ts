import type { APIRequestContext } from '@playwright/test';
import type { Principal } from '@ideamine/shared/permissions';
import { PORTAL_ROUTES } from '@ideamine/shared/routes';
import { apiAs, e2eState, type E2EUsers } from './fixtures';

// Every route of the route table as a concrete path with real records behind its ids, and the
// people who open them: the route checks (phones, accessibility) walk these.

export const VIEWERS: { who: keyof E2EUsers | null; principal: Principal | null }[] = [
  { who: null, principal: null },
  { who: 'trial', principal: { role: 'trial', trial_expires_at: '2999-01-01T00:00:00Z' } },
  { who: 'admin', principal: { role: 'admin', trial_expires_at: null } },
];

/** Callback routes finish a sign-in with a provider; opened bare they only report an error. */
const SKIPPED = new Set(['/auth/$provider/callback', '/auth/$provider/link-callback']);

/** Route pattern to a path that opens it. */
export async function concretePaths(request: APIRequestContext): Promise<Map<string, string>> {
  const state = e2eState();
  const first = async (path: string) => (await apiAs<{ id: number }[]>(request, 'admin', 'GET', path))[0]!.id;
  const idea = (await apiAs<{ id: number; slug: string }[]>(request, 'admin', 'GET', '/public/ideas?page_size=1'))[0]!;
  const project = await apiAs<{ id: number }>(request, 'trial', 'POST', '/projects', { name: 'Phone checks' });
  const share = await apiAs<{ token: string }>(request, 'trial', 'POST', `/projects/${project.id}/share`);
  const values: Record<string, string> = {
    '/ideas/$id': String(idea.id),
    '/ideas/$id/$slug': `${idea.id}/${idea.slug}`,
    '/categories/$slug': 'saas',
    '/shared/$token': share.token,
    '/my/projects/$id': String(project.id),
    '/admin/users/$id': String(state.users.trial.id),
    '/admin/knowledge/$id': String(await first('/data/knowledge?page=1&page_size=1')),
    '/admin/data/raw/$id': String(await first('/data/raw?page=1&page_size=1')),
    '/admin/jobs/$id': String(state.seeded.bigJobId),
    '/admin/schemas/$id': String(await first('/schemas?page=1&page_size=1')),
    '/admin/rate-limits/$id': String(await first('/rate-limits?page=1&page_size=1')),
    '/admin/schedules/$id': String(await first('/schedules?page=1&page_size=1')),
    '/admin/llm-monitoring/models/$modelName': 'local-rules',
  };
  const paths = new Map<string, string>();
  for (const route of PORTAL_ROUTES) {
    if (SKIPPED.has(route.path)) continue;
    const prefix = Object.keys(values)
      .sort((a, b) => b.length - a.length)
      .find((p) => route.path === p || route.path.startsWith(`${p}/`));
    paths.set(
      route.path,
      prefix ? route.path.replace(prefix, prefix.replace(/\$[^/]+(\/\$[^/]+)?/, values[prefix]!)) : route.path,
    );
  }
  return paths;
}
