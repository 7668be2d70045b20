import type { IconName } from '@blueprintjs/icons';
import type { User } from '@ideamine/shared/contract/users';
import { can, hasRole } from '@ideamine/shared/permissions';

// The navigation of spec s2 as data: top navigation, the admin sidebar sections and the
// sidebar everyone else sees.

export interface NavItem {
  label: string;
  to: string;
  icon: IconName;
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
  ];
}

export function sidebarFor(user: User | null): NavSection[] {
  return user && hasRole(user, 'admin') ? ADMIN_SIDEBAR : userSidebar(user);
}

/** Card controls for visibility and ownership: admins who also hold admin permission on knowledge. */
export const canAdministerIdeas = (user: User | null) => hasRole(user, 'admin') && can(user, 'knowledge', 'admin');
