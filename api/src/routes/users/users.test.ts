import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../../test/http';
import { buildUser, signedInUser } from '@ideamine/server/test/factories';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let http: ReturnType<typeof client>;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let developer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  server = await startTestServer();
  http = client(server.url);
  admin = await signedInUser(server.app, { role: 'admin', username: 'zed_admin' });
  developer = await signedInUser(server.app, { role: 'developer' });
  for (let i = 0; i < 12; i++) await buildUser(server.app, { username: `bulk_${String(i).padStart(2, '0')}` });
  await buildUser(server.app, { username: 'findme_special', email: 'special@example.test', role: 'guest' });
});
afterAll(() => server.close());

const audit = () => server.app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').execute();

describe('GET /users', () => {
  it('pages with the spec pagination meta', async () => {
    const res = await http.get('/api/v1/users?page=2&page_size=5', { token: developer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(5);
    const total = res.body.meta.pagination.total;
    expect(total).toBeGreaterThanOrEqual(16);
    expect(res.body.meta.pagination).toEqual({
      total,
      page: 2,
      page_size: 5,
      total_page: Math.ceil(total / 5),
      total_pages: Math.ceil(total / 5),
    });
    expect(JSON.stringify(res.body)).not.toContain('password');
  });

  it('searches, filters by role and sorts', async () => {
    const found = await http.get('/api/v1/users?search=findme', { token: developer.token });
    expect(found.body.data.map((u: { username: string }) => u.username)).toEqual(['findme_special']);
    const byMail = await http.get('/api/v1/users?search=SPECIAL@example', { token: developer.token });
    expect(byMail.body.data).toHaveLength(1);
    const guests = await http.get('/api/v1/users?role=guest', { token: developer.token });
    expect(guests.body.data.every((u: { role: string }) => u.role === 'guest')).toBe(true);
    const sorted = await http.get('/api/v1/users?search=bulk_&sort=username&order=asc&page_size=3', {
      token: developer.token,
    });
    expect(sorted.body.data.map((u: { username: string }) => u.username)).toEqual(['bulk_00', 'bulk_01', 'bulk_02']);
    const wildcard = await http.get('/api/v1/users?search=%25', { token: developer.token });
    expect(wildcard.body.data).toHaveLength(0);
  });

  it.each([
    ['page=0', 'page'],
    ['page_size=101', 'page_size'],
    ['page_size=abc', 'page_size'],
    ['role=root', 'role'],
    ['sort=password_hash', 'sort'],
    ['order=sideways', 'order'],
    ['bogus=1', 'bogus'],
  ])('refuses ?%s naming %s', async (qs, field) => {
    const res = await http.get(`/api/v1/users?${qs}`, { token: developer.token });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe(field);
  });
});

describe('GET /users/:id', () => {
  it('returns one user, 404 for unknown ids and 400 for bad ids', async () => {
    const user = await buildUser(server.app);
    const res = await http.get(`/api/v1/users/${user.id}`, { token: developer.token });
    expect(res.body.data).toMatchObject({ id: user.id, email: user.email });
    expect((await http.get('/api/v1/users/999999', { token: developer.token })).status).toBe(404);
    const huge = await http.get('/api/v1/users/3000000000', { token: developer.token });
    expect(huge.status).toBe(400);
    expect(huge.body.error.field).toBe('id');
    const bad = await http.get('/api/v1/users/abc', { token: developer.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('id');
  });
});

describe('PUT /users/:id', () => {
  it('changes role, trial end and verification, and audits the change', async () => {
    const user = await buildUser(server.app);
    const until = '2030-01-01T00:00:00.000Z';
    const res = await http.put(
      `/api/v1/users/${user.id}`,
      { role: 'developer', trial_expires_at: until, email_verified: true },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: 'developer', trial_expires_at: until, email_verified: true });
    const [entry] = await audit();
    expect(entry).toMatchObject({
      actor_id: admin.user.id,
      action: 'user.update',
      entity_type: 'user',
      entity_id: String(user.id),
    });
    expect(entry!.before).toMatchObject({ role: 'trial', email_verified: false });
    expect(entry!.after).toMatchObject({ role: 'developer', email_verified: true });
  });

  it('refuses bad input without changing anything', async () => {
    const user = await buildUser(server.app);
    for (const [body, field] of [
      [{}, 'body'],
      [{ role: 'owner' }, 'role'],
      [{ trial_expires_at: 'tomorrow' }, 'trial_expires_at'],
      [{ email_verified: 'yes' }, 'email_verified'],
      [{ password_hash: 'x' }, 'password_hash'],
    ] as const) {
      const res = await http.put(`/api/v1/users/${user.id}`, body, { token: admin.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.field).toBe(field);
    }
    const after = await server.app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.role).toBe('trial');
    expect(after.updated_at).toEqual(user.updated_at);
  });

  it('refuses to demote the last admin', async () => {
    const otherAdmins = await server.app.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('id', '!=', admin.user.id)
      .execute();
    await server.app.db
      .updateTable('users')
      .set({ role: 'developer' })
      .where('id', 'in', otherAdmins.map((a) => a.id).concat([-1]))
      .execute();
    const res = await http.put(`/api/v1/users/${admin.user.id}`, { role: 'developer' }, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.error.field).toBe('role');
    expect((await http.put('/api/v1/users/999999', { role: 'guest' }, { token: admin.token })).status).toBe(404);
  });
});

describe('DELETE /users/:id', () => {
  it('deletes a user, audits it, and refuses self-deletion', async () => {
    const { user, token } = await signedInUser(server.app);
    const res = await http.del(`/api/v1/users/${user.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect((await http.get(`/api/v1/users/${user.id}`, { token: developer.token })).status).toBe(404);
    expect((await http.get('/api/v1/auth/me', { token })).status).toBe(401);
    const [entry] = await audit();
    expect(entry).toMatchObject({ action: 'user.delete', entity_id: String(user.id) });
    expect(entry!.before).toMatchObject({ email: user.email });
    const self = await http.del(`/api/v1/users/${admin.user.id}`, { token: admin.token });
    expect(self.status).toBe(409);
    expect((await http.del('/api/v1/users/999999', { token: admin.token })).status).toBe(404);
  });
});

describe('trial dates follow role changes', () => {
  it('gives a new trial an end date, clears it when leaving trial, and normalises offsets to UTC', async () => {
    const guest = await buildUser(server.app, { role: 'guest' });
    const toTrial = await http.put(`/api/v1/users/${guest.id}`, { role: 'trial' }, { token: admin.token });
    const days = (new Date(toTrial.body.data.trial_expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    const toDev = await http.put(`/api/v1/users/${guest.id}`, { role: 'developer' }, { token: admin.token });
    expect(toDev.body.data.trial_expires_at).toBeNull();
    const odd = await http.put(
      `/api/v1/users/${guest.id}`,
      { trial_expires_at: '2031-06-01T10:00:00+23:59' },
      { token: admin.token },
    );
    expect(odd.status).toBe(200);
    expect(odd.body.data.trial_expires_at).toBe('2031-05-31T10:01:00.000Z');
    const ancient = await http.put(
      `/api/v1/users/${guest.id}`,
      { trial_expires_at: '0000-01-01T00:00:00Z' },
      { token: admin.token },
    );
    expect(ancient.status).toBe(400);
    expect(ancient.body.error.field).toBe('trial_expires_at');
  });
});
