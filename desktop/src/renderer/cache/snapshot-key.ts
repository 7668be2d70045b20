import { API_BASE } from '@ideamine/shared/limits';

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

export function snapshotKeyOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://console.invalid');
  } catch {
    return null;
  }
  if (!parsed.pathname.startsWith(`${API_BASE}/`)) return null;
  const path = parsed.pathname.slice(API_BASE.length);
  if (!CACHED_PATHS.some((p) => p.test(path))) return null;
  const params = [...parsed.searchParams].sort(([a], [b]) => a.localeCompare(b));
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
}
