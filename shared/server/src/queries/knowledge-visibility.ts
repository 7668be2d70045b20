import { sql, type ExpressionBuilder } from 'kysely';
import type { Role } from '@ideamine/shared/permissions';
import type { Database } from '../db/schema';

// Who may see an idea, in every call that names or lists one: admins every idea; everyone else
// public ideas and private ideas they own (whatever their other rights: reading knowledge is not
// reading other people's private ideas); visitors public ideas only. A private idea without an
// owner is admin-only (spec s5). Calls that name an idea the caller may not see answer 404, as if
// it did not exist.

export interface Viewer {
  id: number;
  role: Role;
}

export const seesEveryIdea = (viewer: Viewer) => viewer.role === 'admin';

/** Public ideas and the user's own, whatever the user's role (what a user may keep in a project). */
export function publicOrOwnedBy(userId: number) {
  return (eb: ExpressionBuilder<Database, 'knowledge'>) =>
    eb.or([eb('knowledge.visibility', '=', 'public'), eb('knowledge.user_id', '=', userId)]);
}

/** A where-clause for queries over `knowledge`. */
export function visibleTo(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, 'knowledge'>) =>
    seesEveryIdea(viewer) ? sql<boolean>`true` : publicOrOwnedBy(viewer.id)(eb);
}

/** The same rule for calls visitors may make too: without a viewer, public ideas only. */
export function visibleToCaller(viewer: Viewer | null) {
  return (eb: ExpressionBuilder<Database, 'knowledge'>) =>
    viewer ? visibleTo(viewer)(eb) : eb('knowledge.visibility', '=', 'public');
}
