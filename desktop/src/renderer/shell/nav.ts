import type { NavSection } from '@ideamine/portal/layout/nav-items';

// The console's sidebar: the operator screens of the portal, then the console's own.

export const NAV: NavSection[] = [
  {
    title: 'Operations',
    items: [
      { label: 'Dashboard', to: '/admin', icon: 'dashboard' },
      { label: 'Jobs', to: '/admin/jobs', icon: 'layers' },
      { label: 'Tasks', to: '/admin/tasks', icon: 'th-list' },
      { label: 'Schedules', to: '/admin/schedules', icon: 'calendar' },
      { label: 'System health', to: '/admin/system-health', icon: 'pulse' },
      { label: 'LLM monitoring', to: '/admin/llm-monitoring', icon: 'predictive-analysis' },
    ],
  },
  {
    title: 'Data',
    items: [
      { label: 'Knowledge', to: '/admin/knowledge', icon: 'book' },
      { label: 'Raw data', to: '/admin/data/raw', icon: 'database' },
      { label: 'Recovery', to: '/admin/recovery', icon: 'undo' },
      { label: 'Backups', to: '/admin/backup', icon: 'floppy-disk' },
    ],
  },
  {
    title: 'Configuration',
    items: [
      { label: 'Users', to: '/admin/users', icon: 'people' },
      { label: 'Schemas', to: '/admin/schemas', icon: 'code-block' },
      { label: 'Rate limits', to: '/admin/rate-limits', icon: 'time' },
      { label: 'Avatars', to: '/admin/avatars', icon: 'person' },
      { label: 'Settings', to: '/admin/settings', icon: 'cog' },
      { label: 'Analytics', to: '/admin/analytics', icon: 'chart' },
      { label: 'Engagement', to: '/admin/engagement', icon: 'heart' },
    ],
  },
  {
    title: 'Console',
    items: [
      { label: 'Snapshot history', to: '/console/history', icon: 'history' },
      { label: 'Console settings', to: '/console/settings', icon: 'wrench' },
    ],
  },
];
