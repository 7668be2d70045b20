import { sql } from 'kysely';
import { seesEveryJob } from '@ideamine/shared/job-ownership';
import type { Principal } from '@ideamine/shared/permissions';

// Which jobs and schedules a caller may name or list (shared/src/job-ownership.ts has the rule):
// operators all of them, anyone else those they created. Used as a where-clause in every read
// and write, so another user's row is simply not found (404), never refused (403), and a check
// and the change it guards cannot drift apart.

export interface OwnerScope {
  userId: number;
  seesAll: boolean;
}

export const ownerScopeOf = (user: Principal & { id: number }): OwnerScope => ({
  userId: user.id,
  seesAll: seesEveryJob(user),
});

/** A where-clause over `jobs` or `schedules`: the rows this scope reaches. */
export function createdWithin(scope: OwnerScope, table: 'jobs' | 'schedules') {
  return () => (scope.seesAll ? sql<boolean>`true` : sql<boolean>`${sql.ref(`${table}.created_by`)} = ${scope.userId}`);
}
