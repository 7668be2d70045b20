// Spec s6 as data: role ranks, the permission matrix, and the checks used by API and portal alike.

export const ROLES = ['guest', 'trial', 'developer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_RANK: Record<Role, number> = { guest: 0, trial: 1, developer: 2, admin: 3 };

export const RESOURCES = [
  'knowledge',
  'jobs',
  'schemas',
  'settings',
  'avatars',
  'schedules',
  'tasks',
  'users',
  'api',
  'dashboard',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['read', 'write', 'delete', 'admin', 'enrich'] as const;
export type Action = (typeof ACTIONS)[number];

export type Permission = `${Resource}:${Action}`;

const TRIAL: Permission[] = [
  'dashboard:read',
  'jobs:read',
  'jobs:write',
  'avatars:read',
  'avatars:write',
  'knowledge:read',
  'schemas:read',
  'schedules:read',
  'api:read',
];

const DEVELOPER: Permission[] = [
  'dashboard:read',
  ...(['jobs', 'avatars', 'knowledge', 'schemas', 'schedules'] as const).flatMap((r) =>
    (['read', 'write', 'delete'] as const).map((a): Permission => `${r}:${a}`),
  ),
  'knowledge:enrich',
  'settings:read',
  'users:read',
  'api:read',
  'api:write',
];

/** Explicit grants per role. Admin is not listed: it holds every permission. */
export const ROLE_PERMISSIONS: Record<Exclude<Role, 'admin'>, readonly Permission[]> = {
  guest: ['dashboard:read'],
  trial: TRIAL,
  developer: DEVELOPER,
};

/** The fields of a user that access decisions need. */
export interface Principal {
  role: Role;
  trial_expires_at?: string | Date | null;
}

export function isTrialExpired(user: Principal, now: Date = new Date()): boolean {
  if (user.role !== 'trial' || !user.trial_expires_at) return false;
  return new Date(user.trial_expires_at).getTime() < now.getTime();
}

export function roleHasPermission(role: Role, resource: Resource, action: Action): boolean {
  if (role === 'admin') return true;
  return ROLE_PERMISSIONS[role].includes(`${resource}:${action}`);
}

export function roleAtLeast(role: Role, required: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[required];
}

/** Role check of spec s6: rank at least the required rank. An expired trial keeps only guest rights. */
export function hasRole(user: Principal | null | undefined, required: Role): boolean {
  return !!user && roleAtLeast(effectiveRole(user), required);
}

export function can(user: Principal | null | undefined, resource: Resource, action: Action): boolean {
  return !!user && roleHasPermission(effectiveRole(user), resource, action);
}

/** How many watchlists, and of them with a webhook, each role may keep (issue 24). */
export const ROLE_LIMITS: Record<Role, { watchlists: number; webhooks: number }> = {
  guest: { watchlists: 3, webhooks: 0 },
  trial: { watchlists: 10, webhooks: 1 },
  developer: { watchlists: 50, webhooks: 10 },
  admin: { watchlists: 200, webhooks: 50 },
};

/** The limits of the role a user acts with (an expired trial keeps a guest's). */
export function limitsOf(user: Principal): (typeof ROLE_LIMITS)[Role] {
  return ROLE_LIMITS[effectiveRole(user)];
}

function effectiveRole(user: Principal): Role {
  return isTrialExpired(user) ? 'guest' : user.role;
}

/** What a route or screen asks of its caller. */
export type Requirement =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'role'; role: Role }
  | { kind: 'permission'; resource: Resource; action: Action };

export const PUBLIC: Requirement = { kind: 'public' };
export const SIGNED_IN: Requirement = { kind: 'signed-in' };
export const role = (r: Role): Requirement => ({ kind: 'role', role: r });
export const permission = (resource: Resource, action: Action): Requirement => ({
  kind: 'permission',
  resource,
  action,
});

export type AccessDecision =
  { allowed: true } | { allowed: false; reason: 'UNAUTHENTICATED' | 'FORBIDDEN' | 'TRIAL_EXPIRED' };

function satisfiedBy(r: Role, req: Requirement): boolean {
  switch (req.kind) {
    case 'public':
    case 'signed-in':
      return true;
    case 'role':
      return roleAtLeast(r, req.role);
    case 'permission':
      return roleHasPermission(r, req.resource, req.action);
  }
}

/**
 * One decision for API and portal. An expired trial user is refused with TRIAL_EXPIRED where the
 * trial role would have been enough, and with FORBIDDEN where even an active trial would not.
 */
export function checkAccess(user: Principal | null | undefined, req: Requirement): AccessDecision {
  if (req.kind === 'public') return { allowed: true };
  if (!user) return { allowed: false, reason: 'UNAUTHENTICATED' };
  if (satisfiedBy(effectiveRole(user), req)) return { allowed: true };
  if (isTrialExpired(user) && satisfiedBy('trial', req)) return { allowed: false, reason: 'TRIAL_EXPIRED' };
  return { allowed: false, reason: 'FORBIDDEN' };
}

export function describeRequirement(req: Requirement): string {
  switch (req.kind) {
    case 'public':
      return 'public';
    case 'signed-in':
      return 'signed in';
    case 'role':
      return `role ${req.role} or higher`;
    case 'permission':
      return `permission ${req.resource}:${req.action}`;
  }
}
