import { PUBLIC, SIGNED_IN, permission, role, type Requirement } from './permissions';

// The portal's route table (spec s2): every path with what it asks of the visitor, and the SEO
// title and description the portal sets when it is shown. Paths use TanStack Router's `$param`.

export interface PortalRoute {
  path: string;
  requirement: Requirement;
  title: string;
  description: string;
}

const route = (path: string, requirement: Requirement, title: string, description: string): PortalRoute => ({
  path,
  requirement,
  title,
  description,
});

const TRIAL = role('trial');
const DEVELOPER = role('developer');
const ADMIN = role('admin');

export const PUBLIC_ROUTES: PortalRoute[] = [
  route('/', PUBLIC, 'Ideamine', 'Product ideas mined from the web, scored for profit potential.'),
  route('/landing', PUBLIC, 'Welcome', 'What Ideamine finds for you and how it scores it.'),
  route('/about', PUBLIC, 'About', 'How Ideamine crawls, enriches and scores product ideas.'),
  route(
    '/about/scores',
    PUBLIC,
    'About the scores',
    'How the idea scores are made, what the model learned from and how often it is right.',
  ),
  route('/login', PUBLIC, 'Sign in', 'Sign in to vote, save ideas and use the personal tools.'),
  route('/register', PUBLIC, 'Create account', 'Create a free account to vote and analyse your own ideas.'),
  route('/auth/$provider/callback', PUBLIC, 'Signing in', 'Completing sign-in with your provider.'),
  route('/ideas', PUBLIC, 'Ideas', 'Browse every public product idea with filters and sorting.'),
  route('/ideas/high-potential', PUBLIC, 'High-potential ideas', 'Ideas with the highest profit potential.'),
  route('/ideas/editor-picks', PUBLIC, "Editor's picks", 'Ideas our editors picked.'),
  route('/ideas/trending', PUBLIC, 'Trending ideas', 'Ideas gaining attention right now.'),
  route('/ideas/community-favorites', PUBLIC, 'Community favourites', 'The ideas the community voted highest.'),
  route('/categories', PUBLIC, 'Categories', 'Ideas grouped by category.'),
  route('/categories/$slug', PUBLIC, 'Category', 'Ideas in one category.'),
  route('/trending', PUBLIC, 'Trending keywords', 'Keywords rising across newly mined ideas.'),
  route('/search', PUBLIC, 'Search', 'Search every public idea.'),
  route('/ideas/$id', PUBLIC, 'Idea', 'An idea with its scores, sources and votes.'),
  route('/ideas/$id/$slug', PUBLIC, 'Idea', 'An idea with its scores, sources and votes.'),
  route('/submit', PUBLIC, 'Submit an idea', 'Get an instant AI analysis of your product idea.'),
  route('/shared/$token', PUBLIC, 'Shared project', 'A project shared by link.'),
];

export const USER_ROUTES: PortalRoute[] = [
  route('/auth/$provider/link-callback', SIGNED_IN, 'Linking account', 'Linking your sign-in provider.'),
  route('/dashboard', SIGNED_IN, 'Dashboard', 'Your ideas, trends and picks at a glance.'),
  route('/my/profile', SIGNED_IN, 'Profile', 'Your account details, password and linked accounts.'),
  route('/my/settings', SIGNED_IN, 'Settings', 'Your portal preferences and privacy choices.'),
  route('/my/ideas', SIGNED_IN, 'My ideas', 'Ideas you submitted.'),
  route('/my/watchlists', SIGNED_IN, 'My watchlists', 'Searches you watch and the new ideas that match them.'),
  route('/dashboard/idea-storm', SIGNED_IN, 'Idea Storm', 'Analyse a product idea with AI.'),
  route('/dashboard/idea-storm/history', SIGNED_IN, 'Idea Storm history', 'Your earlier Idea Storm analyses.'),
  route(
    '/dashboard/profit-analysis',
    permission('knowledge', 'read'),
    'Profit analysis',
    'Profit analysis of your ideas.',
  ),
  route('/dashboard/high-potential-ideas', SIGNED_IN, 'High-potential ideas', 'Ideas with high profit potential.'),
  route('/dashboard/editor-picks', SIGNED_IN, "Editor's picks", 'Ideas our editors picked.'),
  route('/dashboard/community-favorites', SIGNED_IN, 'Community favourites', 'The ideas voted highest.'),
  route('/dashboard/trending', SIGNED_IN, 'Trending', 'Keywords rising across newly mined ideas.'),
  route('/my/projects', TRIAL, 'My projects', 'Your projects and their shared links.'),
  route('/my/projects/new', TRIAL, 'New project', 'Create a project from your ideas.'),
  route('/my/projects/$id', TRIAL, 'Project', 'A project and its ideas.'),
  route('/my/projects/$id/edit', TRIAL, 'Edit project', 'Change a project.'),
  route('/my/projects/$id/share', TRIAL, 'Share project', 'Share a project by link.'),
];

export const ADMIN_ROUTES: PortalRoute[] = [
  route('/admin', ADMIN, 'Operations dashboard', 'Pipeline health, queues, knowledge and sources.'),
  route('/admin/users', DEVELOPER, 'Users', 'Manage user accounts.'),
  route('/admin/users/$id', DEVELOPER, 'User', 'One user account.'),
  route('/admin/knowledge', permission('knowledge', 'read'), 'Knowledge', 'Every knowledge item.'),
  route('/admin/knowledge/$id', permission('knowledge', 'read'), 'Knowledge item', 'One knowledge item.'),
  route('/admin/knowledge/$id/edit', permission('knowledge', 'write'), 'Edit knowledge', 'Edit a knowledge item.'),
  route('/admin/data/raw', DEVELOPER, 'Raw data', 'Crawled raw data.'),
  route('/admin/data/raw/new', DEVELOPER, 'New raw data', 'Add raw data by hand.'),
  route('/admin/data/raw/$id', DEVELOPER, 'Raw data item', 'One raw data item.'),
  route('/admin/data/raw/$id/edit', DEVELOPER, 'Edit raw data', 'Edit a raw data item.'),
  route('/admin/jobs', permission('jobs', 'read'), 'Jobs', 'Crawl jobs and their progress.'),
  route('/admin/jobs/new', permission('jobs', 'write'), 'New job', 'Start a crawl job.'),
  route('/admin/jobs/$id', permission('jobs', 'read'), 'Job', 'One crawl job with its tasks.'),
  route('/admin/jobs/$id/edit', permission('jobs', 'write'), 'Edit job', 'Change a crawl job.'),
  route('/admin/schemas', permission('schemas', 'read'), 'Schemas', 'Extraction schemas.'),
  route('/admin/schemas/new', permission('schemas', 'write'), 'New schema', 'Create an extraction schema.'),
  route('/admin/schemas/$id', permission('schemas', 'read'), 'Schema', 'One extraction schema.'),
  route('/admin/schemas/$id/edit', permission('schemas', 'write'), 'Edit schema', 'Change an extraction schema.'),
  route('/admin/settings', permission('settings', 'read'), 'Settings', 'System settings.'),
  route('/admin/rate-limits', DEVELOPER, 'Rate limits', 'Per-domain crawl rate limits.'),
  route('/admin/rate-limits/new', DEVELOPER, 'New rate limit', 'Add a per-domain rate limit.'),
  route('/admin/rate-limits/$id/edit', DEVELOPER, 'Edit rate limit', 'Change a rate limit.'),
  route('/admin/backup', ADMIN, 'Backups', 'Create, verify and restore backups.'),
  route('/admin/backup-v2', ADMIN, 'Backups', 'Create, verify and restore backups.'),
  route('/admin/system-health', ADMIN, 'System health', 'Components, process and versions.'),
  route('/admin/recovery', ADMIN, 'Knowledge recovery', 'Restore or purge deleted ideas.'),
  route('/admin/avatars', permission('avatars', 'read'), 'Avatars', 'Avatars and their images.'),
  route('/admin/schedules', permission('schedules', 'read'), 'Schedules', 'Scheduled crawl jobs.'),
  route('/admin/schedules/new', permission('schedules', 'write'), 'New schedule', 'Schedule a crawl job.'),
  route('/admin/schedules/$id', permission('schedules', 'write'), 'Schedule', 'Change a schedule.'),
  route('/admin/llm-monitoring', ADMIN, 'LLM monitoring', 'Calls, tokens, latency and cost per model.'),
  route('/admin/llm-monitoring/models/$modelName', ADMIN, 'LLM model', 'One model with recent calls.'),
  route('/admin/tasks', permission('tasks', 'read'), 'Tasks', 'Crawl and transform tasks.'),
  route('/admin/analytics', ADMIN, 'Analytics', 'Active users, page views and funnels.'),
  route('/admin/engagement', ADMIN, 'Engagement', 'Views, votes and requests per idea.'),
];

/** The desktop console's own screens (it mounts the admin routes beside them); not served by the portal. */
export const CONSOLE_ROUTES: PortalRoute[] = [
  route('/console/history', SIGNED_IN, 'Snapshot history', 'Every cached call and its snapshots, for offline review.'),
  route(
    '/console/watchlists',
    SIGNED_IN,
    'My watchlists',
    'Alerts your watchlists made per day, and what each watches.',
  ),
  route('/console/settings', PUBLIC, 'Console settings', 'The server this console talks to, its cache and collector.'),
];

export const PORTAL_ROUTES: PortalRoute[] = [...PUBLIC_ROUTES, ...USER_ROUTES, ...ADMIN_ROUTES];

export const NOT_FOUND_ROUTE = route('*', PUBLIC, 'Page not found', 'This page does not exist.');

/**
 * Spec s2 redirects plus the links the spec names outside the route table, so none is a dead end.
 * `from` uses `$param`; the same names in `to` are filled in.
 */
export const PORTAL_REDIRECTS: { from: string; to: string }[] = [
  { from: '/trending-keywords', to: '/trending' },
  { from: '/idea-storm/public', to: '/submit' },
  { from: '/profile', to: '/my/profile' },
  { from: '/projects', to: '/my/projects' },
  { from: '/projects/$id', to: '/my/projects/$id' },
  { from: '/idea-storm', to: '/dashboard/idea-storm' },
  { from: '/editor-picks', to: '/ideas/editor-picks' },
  { from: '/high-potential-ideas', to: '/ideas/high-potential' },
  { from: '/knowledge/$id', to: '/ideas/$id' },
  { from: '/settings', to: '/admin/settings' },
  { from: '/jobs', to: '/admin/jobs' },
  { from: '/rate-limits', to: '/admin/rate-limits' },
  { from: '/schedules', to: '/admin/schedules' },
  { from: '/avatars', to: '/admin/avatars' },
  { from: '/schemas', to: '/admin/schemas' },
  { from: '/system-logs', to: '/admin/system-health' },
  { from: '/admin/submit', to: '/admin/jobs/new' },
];

/** The route whose pattern matches a concrete path, or undefined. Static segments win over params. */
export function matchPortalRoute(pathname: string, routes: PortalRoute[] = PORTAL_ROUTES): PortalRoute | undefined {
  const parts = splitPath(pathname);
  let best: { route: PortalRoute; score: number } | undefined;
  for (const candidate of routes) {
    const pattern = splitPath(candidate.path);
    if (pattern.length !== parts.length) continue;
    let score = 0;
    const matches = pattern.every((seg, i) => {
      if (seg.startsWith('$')) return true;
      score += 1;
      return seg === parts[i];
    });
    if (matches && (!best || score > best.score)) best = { route: candidate, score };
  }
  return best?.route;
}

/** Where an old address of PORTAL_REDIRECTS leads, its parameters filled in; undefined for any other path. */
export function redirectTargetOf(pathname: string): string | undefined {
  const parts = splitPath(pathname);
  for (const { from, to } of PORTAL_REDIRECTS) {
    const pattern = splitPath(from);
    if (pattern.length !== parts.length) continue;
    if (!pattern.every((seg, i) => seg.startsWith('$') || seg === parts[i])) continue;
    return to.replace(/\$\w+/g, (name) => encodeURIComponent(parts[pattern.indexOf(name)] ?? ''));
  }
  return undefined;
}

function splitPath(path: string): string[] {
  return path.split('/').filter(Boolean);
}
