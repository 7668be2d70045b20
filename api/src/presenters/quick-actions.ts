import { can, hasRole, type Principal } from '@ideamine/shared/permissions';

interface QuickAction {
  id: string;
  title: string;
  description: string;
  icon: string;
  url: string;
  type: 'primary' | 'secondary';
}

const ACTIONS: (QuickAction & { allowed?: (u: Principal) => boolean })[] = [
  {
    id: 'idea-storm',
    title: 'Submit an idea',
    description: 'Get an instant analysis of your own idea with Idea Storm',
    icon: 'lightbulb',
    url: '/dashboard/idea-storm',
    type: 'primary',
  },
  {
    id: 'browse',
    title: 'Browse ideas',
    description: 'Explore every public idea with filters and search',
    icon: 'search',
    url: '/ideas',
    type: 'secondary',
  },
  {
    id: 'high-potential',
    title: 'High-potential ideas',
    description: 'Ideas with the best overall scores',
    icon: 'trending-up',
    url: '/dashboard/high-potential-ideas',
    type: 'secondary',
  },
  {
    id: 'profit-analysis',
    title: 'Profit analysis',
    description: 'Score the profit potential of an idea',
    icon: 'dollar',
    url: '/dashboard/profit-analysis',
    type: 'secondary',
    allowed: (u) => can(u, 'knowledge', 'read'),
  },
  {
    id: 'projects',
    title: 'My projects',
    description: 'Group ideas into projects and share them by link',
    icon: 'folder-open',
    url: '/my/projects',
    type: 'secondary',
    allowed: (u) => hasRole(u, 'trial'),
  },
];

/** The dashboard's shortcuts, only those the user may open. */
export function quickActionsFor(user: Principal): QuickAction[] {
  return ACTIONS.filter((a) => !a.allowed || a.allowed(user)).map(({ allowed: _allowed, ...a }) => a);
}
