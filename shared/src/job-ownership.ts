import { hasRole, type Principal } from './permissions';

// Whose jobs and schedules a user sees and manages. Jobs and schedules record who created them
// (created_by); the operators, developers and admins, run the pipeline for everyone and so see and
// manage all of them. Anyone else with rights on jobs (a trial user) sees, changes and cancels
// only what they created: another user's job or schedule answers 404, as if it did not exist.
// API and portal decide with the same rule (the portal shows operators the owner column).

export function seesEveryJob(user: Principal | null | undefined): boolean {
  return hasRole(user, 'developer');
}
