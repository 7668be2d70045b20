import { describe, expect, it } from 'vitest';
import { can, checkAccess, hasRole, isTrialExpired, permission, role, SIGNED_IN, PUBLIC } from './permissions';

const past = new Date(Date.now() - 1000).toISOString();
const future = new Date(Date.now() + 86_400_000).toISOString();

describe('roles (spec s6)', () => {
  it('passes a role check when the rank is at least the required one', () => {
    expect(hasRole({ role: 'admin' }, 'developer')).toBe(true);
    expect(hasRole({ role: 'developer' }, 'developer')).toBe(true);
    expect(hasRole({ role: 'trial', trial_expires_at: future }, 'developer')).toBe(false);
    expect(hasRole({ role: 'guest' }, 'trial')).toBe(false);
    expect(hasRole(null, 'guest')).toBe(false);
  });
});

describe('permission matrix (spec s6)', () => {
  it('guest may only read the dashboard', () => {
    expect(can({ role: 'guest' }, 'dashboard', 'read')).toBe(true);
    expect(can({ role: 'guest' }, 'knowledge', 'read')).toBe(false);
  });

  it('trial reads and writes jobs and avatars, reads knowledge, schemas, schedules and api', () => {
    const t = { role: 'trial' as const, trial_expires_at: future };
    for (const [r, a] of [
      ['dashboard', 'read'],
      ['jobs', 'read'],
      ['jobs', 'write'],
      ['avatars', 'read'],
      ['avatars', 'write'],
      ['knowledge', 'read'],
      ['schemas', 'read'],
      ['schedules', 'read'],
      ['api', 'read'],
    ] as const)
      expect(can(t, r, a), `${r}:${a}`).toBe(true);
    for (const [r, a] of [
      ['jobs', 'delete'],
      ['knowledge', 'write'],
      ['settings', 'read'],
      ['users', 'read'],
      ['api', 'write'],
      ['tasks', 'read'],
    ] as const)
      expect(can(t, r, a), `${r}:${a}`).toBe(false);
  });

  it('developer has read, write, delete on jobs, avatars, knowledge, schemas, schedules plus the extras', () => {
    const d = { role: 'developer' as const };
    for (const r of ['jobs', 'avatars', 'knowledge', 'schemas', 'schedules'] as const) {
      for (const a of ['read', 'write', 'delete'] as const) expect(can(d, r, a), `${r}:${a}`).toBe(true);
    }
    for (const [r, a] of [
      ['knowledge', 'enrich'],
      ['settings', 'read'],
      ['users', 'read'],
      ['api', 'read'],
      ['api', 'write'],
    ] as const) {
      expect(can(d, r, a), `${r}:${a}`).toBe(true);
    }
    for (const [r, a] of [
      ['settings', 'write'],
      ['users', 'write'],
      ['knowledge', 'admin'],
      ['tasks', 'read'],
    ] as const) {
      expect(can(d, r, a), `${r}:${a}`).toBe(false);
    }
  });

  it('admin has every permission', () => {
    expect(can({ role: 'admin' }, 'knowledge', 'admin')).toBe(true);
    expect(can({ role: 'admin' }, 'tasks', 'read')).toBe(true);
    expect(can({ role: 'admin' }, 'settings', 'delete')).toBe(true);
  });
});

describe('trial expiry', () => {
  it('is expired only for trial users whose end date has passed', () => {
    expect(isTrialExpired({ role: 'trial', trial_expires_at: past })).toBe(true);
    expect(isTrialExpired({ role: 'trial', trial_expires_at: future })).toBe(false);
    expect(isTrialExpired({ role: 'trial', trial_expires_at: null })).toBe(false);
    expect(isTrialExpired({ role: 'developer', trial_expires_at: past })).toBe(false);
  });

  it('refuses an expired trial with TRIAL_EXPIRED where trial rights would do, FORBIDDEN otherwise', () => {
    const expired = { role: 'trial' as const, trial_expires_at: past };
    expect(checkAccess(expired, role('trial'))).toEqual({ allowed: false, reason: 'TRIAL_EXPIRED' });
    expect(checkAccess(expired, permission('jobs', 'write'))).toEqual({ allowed: false, reason: 'TRIAL_EXPIRED' });
    expect(checkAccess(expired, permission('users', 'read'))).toEqual({ allowed: false, reason: 'FORBIDDEN' });
    expect(checkAccess(expired, permission('dashboard', 'read'))).toEqual({ allowed: true });
    expect(checkAccess(expired, SIGNED_IN)).toEqual({ allowed: true });
  });

  it('asks anonymous callers to sign in except on public requirements', () => {
    expect(checkAccess(null, PUBLIC)).toEqual({ allowed: true });
    expect(checkAccess(null, SIGNED_IN)).toEqual({ allowed: false, reason: 'UNAUTHENTICATED' });
    expect(checkAccess(undefined, role('guest'))).toEqual({ allowed: false, reason: 'UNAUTHENTICATED' });
  });
});
