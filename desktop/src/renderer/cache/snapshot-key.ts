import { API_BASE } from '@ideamine/shared/limits';
import { seesEveryJob } from '@ideamine/shared/job-ownership';
import type { Principal } from '@ideamine/shared/permissions';

// Which API answers the console keeps as snapshots, and under which key: the path under
// /api/v1 with the query sorted, so the same call always finds its snapshots.

/** The operations dashboard's calls: every widget of the five tabs, and the lists behind the Overview cards. */
const CACHED_PATHS = [
  /^\/dashboard\/(?!user-)[a-z-]+$/,
  /^\/jobs$/,
  /^\/schedules$/,
  /^\/admin\/llm-monitoring$/,
  /^\/admin\/queues$/,
];

/**
 * Lists whose answer depends on who asks: a trial user's jobs and schedules are only their own.
 * Operators all get the same answer, so theirs is kept and shared; a trial user's is neither
 * kept nor answered from the cache, which could hold an operator's list of everyone's jobs.
 */
const OWNER_SCOPED_PATHS = [/^\/jobs$/, /^\/schedules$/];

/** The snapshot key of a call for the signed-in `viewer`, or null when it is not cached for them. */
export function snapshotKeyOf(url: string, viewer: Principal | null): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://console.invalid');
  } catch {
    return null;
  }
  if (!parsed.pathname.startsWith(`${API_BASE}/`)) return null;
  const path = parsed.pathname.slice(API_BASE.length);
  if (!CACHED_PATHS.some((p) => p.test(path))) return null;
  if (OWNER_SCOPED_PATHS.some((p) => p.test(path)) && !seesEveryJob(viewer)) return null;
  const params = [...parsed.searchParams].sort(([a], [b]) => a.localeCompare(b));
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
}
