import type { User } from './contract/users';
import { checkAccess, hasRole } from './permissions';
import { ADMIN_ROUTES, CONSOLE_ROUTES } from './routes';

// The navigation of spec s2 as data, the one source for the portal (top navigation, admin and
// user sidebars) and the desktop console (its sidebar). Every entry is a path of the route table
// (routes.ts); navigation.test.ts checks that each one leads to a page.

/** Blueprint icon names the navigation uses (checked against Blueprint's list by the portal's type check). */
export type NavIcon =
  | 'archive'
  | 'book'
  | 'chart'
  | 'code-block'
  | 'cog'
  | 'dashboard'
  | 'database'
  | 'dollar'
  | 'flash'
  | 'folder-open'
  | 'heart'
  | 'history'
  | 'home'
  | 'layers'
  | 'lightbulb'
  | 'log-in'
  | 'people'
  | 'person'
  | 'predictive-analysis'
  | 'projects'
  | 'eye-open'
  | 'pulse'
  | 'star'
  | 'th-list'
  | 'thumbs-up'
  | 'time'
  | 'trending-up'
  | 'undo'
  | 'wrench';

export interface NavItem {
  label: string;
  to: string;
  icon: NavIcon;
}

export interface NavSection {
  title: string | null;
  items: NavItem[];
}

export function topNavItems(user: User | null): NavItem[] {
  const items: NavItem[] = [
    { label: 'Ideas', to: '/ideas', icon: 'lightbulb' },
    { label: 'Trending', to: '/trending', icon: 'trending-up' },
    { label: 'Categories', to: '/categories', icon: 'folder-open' },
  ];
  if (user) {
    items.push({ label: 'Dashboard', to: '/dashboard', icon: 'dashboard' });
    if (hasRole(user, 'trial')) items.push({ label: 'My Projects', to: '/my/projects', icon: 'projects' });
  }
  return items;
}

/** The entries of the top navigation's Admin menu. */
export const ADMIN_MENU: NavItem[] = [
  { label: 'Users', to: '/admin/users', icon: 'people' },
  { label: 'Knowledge', to: '/admin/knowledge', icon: 'book' },
  { label: 'Recovery', to: '/admin/recovery', icon: 'history' },
  { label: 'Settings', to: '/admin/settings', icon: 'cog' },
];

/** The admin sidebar, its sections and labels as spec s2 names them. */
export const ADMIN_SIDEBAR: NavSection[] = [
  {
    title: 'Core',
    items: [
      { label: 'Dashboard', to: '/dashboard', icon: 'home' },
      { label: 'Admin Panel', to: '/admin', icon: 'dashboard' },
    ],
  },
  {
    title: 'Content Management',
    items: [
      { label: 'User Management', to: '/admin/users', icon: 'people' },
      { label: 'Knowledge', to: '/admin/knowledge', icon: 'book' },
      { label: 'Raw Data', to: '/admin/data/raw', icon: 'database' },
      { label: 'Engagement Management', to: '/admin/engagement', icon: 'thumbs-up' },
    ],
  },
  {
    title: 'System Operations',
    items: [
      { label: 'Jobs', to: '/admin/jobs', icon: 'layers' },
      { label: 'Schemas', to: '/admin/schemas', icon: 'code-block' },
      { label: 'Schedules', to: '/admin/schedules', icon: 'time' },
      { label: 'LLM Monitoring', to: '/admin/llm-monitoring', icon: 'predictive-analysis' },
      { label: 'Analytics', to: '/admin/analytics', icon: 'chart' },
    ],
  },
  {
    title: 'Data Management',
    items: [
      { label: 'Backup Management', to: '/admin/backup', icon: 'archive' },
      { label: 'System Health', to: '/admin/system-health', icon: 'pulse' },
      { label: 'System Settings', to: '/admin/settings', icon: 'cog' },
    ],
  },
  {
    title: 'Personal Tools',
    items: [
      { label: 'My Projects', to: '/my/projects', icon: 'projects' },
      { label: 'My Watchlists', to: '/my/watchlists', icon: 'eye-open' },
      { label: 'Idea Storm', to: '/dashboard/idea-storm', icon: 'flash' },
      { label: 'Profit Analysis', to: '/dashboard/profit-analysis', icon: 'dollar' },
    ],
  },
];

export function userSidebar(user: User | null): NavSection[] {
  // Visitors get the public twin of each signed-in screen, so no entry ends at a sign-in wall.
  const base = user ? '/dashboard' : null;
  return [
    { title: null, items: [{ label: 'Dashboard', to: base ?? '/', icon: 'home' }] },
    {
      title: 'Ideas',
      items: [
        { label: 'Idea Storm', to: base ? '/dashboard/idea-storm' : '/submit', icon: 'flash' },
        {
          label: 'Community Favorites',
          to: base ? '/dashboard/community-favorites' : '/ideas/community-favorites',
          icon: 'heart',
        },
        { label: 'Editor Picks', to: base ? '/dashboard/editor-picks' : '/ideas/editor-picks', icon: 'star' },
        {
          label: 'High Potential Ideas',
          to: base ? '/dashboard/high-potential-ideas' : '/ideas/high-potential',
          icon: 'trending-up',
        },
      ],
    },
    ...(user
      ? [{ title: 'Alerts', items: [{ label: 'My Watchlists', to: '/my/watchlists', icon: 'eye-open' as const }] }]
      : []),
  ];
}

export function sidebarFor(user: User | null): NavSection[] {
  if (user && hasRole(user, 'admin')) return ADMIN_SIDEBAR;
  const operations = developerOperations(user);
  return operations.length ? [...userSidebar(user), { title: 'Operations', items: operations }] : userSidebar(user);
}

/** Icons of the operator screens the admin sidebar does not list (tasks, rate limits, ...). */
const OTHER_OPERATOR_ICONS: Record<string, NavIcon> = {
  '/admin/tasks': 'th-list',
  '/admin/rate-limits': 'time',
  '/admin/recovery': 'undo',
  '/admin/avatars': 'person',
  '/console/history': 'history',
  '/console/watchlists': 'eye-open',
  '/console/settings': 'wrench',
};

const ICON_BY_PATH = new Map<string, NavIcon>([
  ...ADMIN_SIDEBAR.flatMap((s) => s.items.map((i) => [i.to, i.icon] as const)),
  ...Object.entries(OTHER_OPERATOR_ICONS),
]);

/** An entry named by its route's title, with the icon the sidebars give that path. */
function routeItem(path: string): NavItem {
  const route = [...ADMIN_ROUTES, ...CONSOLE_ROUTES].find((r) => r.path === path);
  const icon = ICON_BY_PATH.get(path);
  if (!route || !icon) throw new Error(`navigation names ${path}, which has no route or no icon`);
  return { label: route.title, to: path, icon };
}

/** The desktop console's sidebar: every operator screen (titles from the route table), then the console's own. */
export const CONSOLE_SIDEBAR: NavSection[] = [
  {
    title: 'Operations',
    items: [
      '/admin',
      '/admin/jobs',
      '/admin/tasks',
      '/admin/schedules',
      '/admin/system-health',
      '/admin/llm-monitoring',
    ].map(routeItem),
  },
  { title: 'Data', items: ['/admin/knowledge', '/admin/data/raw', '/admin/recovery', '/admin/backup'].map(routeItem) },
  {
    title: 'Configuration',
    items: [
      '/admin/users',
      '/admin/schemas',
      '/admin/rate-limits',
      '/admin/avatars',
      '/admin/settings',
      '/admin/analytics',
      '/admin/engagement',
    ].map(routeItem),
  },
  { title: 'Console', items: CONSOLE_ROUTES.map((r) => routeItem(r.path)) },
];

/** The operator screens a signed-in person may open, in the console sidebar's order. */
export function operatorItems(user: User | null): NavItem[] {
  if (!user) return [];
  return CONSOLE_SIDEBAR.filter((section) => section.title !== 'Console')
    .flatMap((section) => section.items)
    .filter((item) => {
      const route = ADMIN_ROUTES.find((r) => r.path === item.to);
      return route !== undefined && checkAccess(user, route.requirement).allowed;
    });
}

/**
 * The operator screens a developer (an operator who is not an admin) may open: the users, raw data,
 * rate limits and the rest the permission matrix grants them. Admins have the admin sidebar; trial
 * users reach their own jobs from the dashboard.
 */
export function developerOperations(user: User | null): NavItem[] {
  return user && hasRole(user, 'developer') && !hasRole(user, 'admin') ? operatorItems(user) : [];
}

/** Where a person lands after signing in with nowhere else asked for: admins on the operations dashboard. */
export function homeFor(user: User | null): string {
  return user && hasRole(user, 'admin') ? '/admin' : '/dashboard';
}

/**
 * The phone drawer: everything the desktop navigation offers this person, top navigation first
 * (with sign-in and sign-up for a visitor), then the sidebar's sections; each path once.
 */
export function drawerSections(user: User | null): NavSection[] {
  const top: NavItem[] = [...topNavItems(user)];
  if (!user)
    top.push(
      { label: 'Sign in', to: '/login', icon: 'log-in' },
      { label: 'Create account', to: '/register', icon: 'person' },
    );
  const sections: NavSection[] = [{ title: null, items: top }, ...sidebarFor(user)];
  const seen = new Set<string>();
  return sections
    .map((section) => ({
      title: section.title,
      items: section.items.filter((item) => !seen.has(item.to) && Boolean(seen.add(item.to))),
    }))
    .filter((section) => section.items.length > 0);
}
