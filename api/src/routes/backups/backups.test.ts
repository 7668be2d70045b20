import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJob, buildKnowledge, signedInUser } from '@ideamine/server/test/factories';
import { client } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';

// One story in order: the restore in the middle replaces every record of this file's database.

let server: TestServer;
let http: ReturnType<typeof client>;
let dir: string;
let admin: Awaited<ReturnType<typeof signedInUser>>;
const TRICKY = 'Tab\there, newline\nthere, backslash \\ and quote " and ünïcødé ✓ and \\N';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ideamine-backups-'));
  server = await startTestServer({ backupDir: dir });
  http = client(server.url);
  admin = await signedInUser(server.app, { role: 'admin' });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const count = async (table: 'knowledge' | 'users' | 'jobs' | 'crawl_tasks' | 'knowledge_votes') =>
  Number(
    (
      await server.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('backups', () => {
  let backupId: number;
  let tricky: { id: number };

  it('creates a compressed backup of every table and lists it', async () => {
    tricky = await buildKnowledge(server.app, { title: 'Backup me', body: TRICKY, keywords: ['kiwi'] });
    await buildJob(server.app);
    const res = await http.post('/api/v1/admin/backups', {}, { token: admin.token });
    expect(res.status).toBe(201);
    backupId = res.body.data.id;
    expect(res.body.data).toMatchObject({ kind: 'manual', created_by: admin.user.id, verify_ok: null });
    expect(res.body.data.file_name).toMatch(/^ideamine-\d{8}-\d{6}-[0-9a-f]{8}\.backup\.gz$/);
    const tables = Object.fromEntries(
      res.body.data.tables.map((t: { table: string; rows: number }) => [t.table, t.rows]),
    );
    expect(tables.knowledge).toBe(await count('knowledge'));
    expect(tables.users).toBe(await count('users'));
    expect(tables).not.toHaveProperty('backups');
    expect(tables).not.toHaveProperty('schema_migrations');

    const list = await http.get('/api/v1/admin/backups', { token: admin.token });
    expect(list.body.data.map((b: { id: number }) => b.id)).toEqual([backupId]);
    const audit = await server.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'backup.create')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('downloads the file', async () => {
    const res = await fetch(`${server.url}/api/v1/admin/backups/${backupId}/download`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="ideamine-.*\.backup\.gz"$/);
    const text = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(JSON.parse(text.split('\n')[0]!)).toMatchObject({ format: 'ideamine-backup', version: 1 });
  });

  it('verifies by restoring into a scratch database', async () => {
    const res = await http.post(`/api/v1/admin/backups/${backupId}/verify`, {}, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.ok, JSON.stringify(res.body.data)).toBe(true);
    expect(res.body.data.tables.length).toBeGreaterThan(10);
    for (const t of res.body.data.tables)
      expect(t, t.table).toMatchObject({ checksum_match: true, restored_rows: t.expected_rows });
    // The scratch database is gone afterwards.
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM pg_database WHERE datname LIKE 'ideamine_verify_%'`.execute(server.app.db);
    expect(rows[0]!.n).toBe(0);
    expect((await http.get(`/api/v1/admin/backups/${backupId}`, { token: admin.token })).body.data.verify_ok).toBe(
      true,
    );
  });

  it('restores everything, all or nothing, only when confirmed', async () => {
    const before = {
      knowledge: await count('knowledge'),
      users: await count('users'),
      jobs: await count('jobs'),
      tasks: await count('crawl_tasks'),
    };
    // Changes after the backup: a deletion, new rows, an edit.
    await server.app.db.deleteFrom('knowledge').where('id', '=', tricky.id).execute();
    await buildKnowledge(server.app);
    await signedInUser(server.app);
    const unconfirmed = await http.post(`/api/v1/admin/backups/${backupId}/restore`, {}, { token: admin.token });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error.message).toContain('confirm');
    expect(await count('users')).toBe(before.users + 1);

    const res = await http.post(`/api/v1/admin/backups/${backupId}/restore`, { confirm: true }, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.restored_at).not.toBeNull();
    expect({
      knowledge: await count('knowledge'),
      users: await count('users'),
      jobs: await count('jobs'),
      tasks: await count('crawl_tasks'),
    }).toEqual(before);
    const back = await server.app.db
      .selectFrom('knowledge')
      .selectAll()
      .where('id', '=', tricky.id)
      .executeTakeFirstOrThrow();
    expect(back.body).toBe(TRICKY);
    // Generated columns are computed again and identities continue after the restored ids.
    const hits = await http.get('/api/v1/public/search?q=backslash');
    expect(hits.body.data.map((i: { id: number }) => i.id)).toContain(tricky.id);
    const fresh = await buildKnowledge(server.app);
    expect(fresh.id).toBeGreaterThan(tricky.id);
    const audit = await server.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('action', '=', 'backup.restore')
      .execute();
    expect(audit).toEqual([{ action: 'backup.restore', actor_id: admin.user.id }]);
    // The signed-in admin's session was in the backup: it still works.
    expect((await http.get('/api/v1/admin/backups', { token: admin.token })).status).toBe(200);
  });

  it('refuses damaged and foreign files before touching anything', async () => {
    const row = await server.app.db
      .selectFrom('backups')
      .select('file_name')
      .where('id', '=', backupId)
      .executeTakeFirstOrThrow();
    const file = path.join(dir, row.file_name);
    const good = await readFile(file);
    const knowledgeBefore = await count('knowledge');
    const lines = gunzipSync(good).toString('utf8').split('\n');
    const i = lines.findIndex((l) => l.includes('Backup me'));
    lines[i] = lines[i]!.replace('Backup me', 'Backup ME');
    for (const [label, bytes, message] of [
      ['tampered', gzipSync(lines.join('\n')), 'checksums'],
      ['cut short', good.subarray(0, Math.floor(good.length / 2)), 'damaged'],
      ['foreign', gzipSync('hello world\n'), 'not an Ideamine backup'],
      ['not gzip', Buffer.from('plain text'), 'not a gzip'],
    ] as const) {
      await writeFile(file, bytes);
      const res = await http.post(
        `/api/v1/admin/backups/${backupId}/restore`,
        { confirm: true },
        { token: admin.token },
      );
      expect(res.status, label).toBe(400);
      expect(res.body.error.message, label).toContain(message);
      expect(await count('knowledge'), label).toBe(knowledgeBefore);
      const verify = await http.post(`/api/v1/admin/backups/${backupId}/verify`, {}, { token: admin.token });
      expect(verify.body.data.ok, label).toBe(false);
    }
    await writeFile(file, good);
  });

  it('reports an unwritable backup folder clearly and lists no partial backup', async () => {
    const blocker = path.join(dir, 'not-a-folder');
    await writeFile(blocker, 'x');
    const original = server.app.config.backupDir;
    server.app.config.backupDir = path.join(blocker, 'backups');
    try {
      const res = await http.post('/api/v1/admin/backups', {}, { token: admin.token });
      expect(res.status).toBe(503);
      expect(res.body.error.message).toContain('backup folder');
    } finally {
      server.app.config.backupDir = original;
    }
    expect((await http.get('/api/v1/admin/backups', { token: admin.token })).body.data).toHaveLength(1);
  });

  it('deletes a backup with its file', async () => {
    const row = await server.app.db
      .selectFrom('backups')
      .select('file_name')
      .where('id', '=', backupId)
      .executeTakeFirstOrThrow();
    expect((await http.del(`/api/v1/admin/backups/${backupId}`, { token: admin.token })).status).toBe(200);
    await expect(readFile(path.join(dir, row.file_name))).rejects.toThrow();
    expect((await http.get(`/api/v1/admin/backups/${backupId}`, { token: admin.token })).status).toBe(404);
    expect((await http.post('/api/v1/admin/backups/abc/verify', {}, { token: admin.token })).status).toBe(400);
  });
});

describe('scheduled backups', () => {
  it('run when the cron fired since the last one and keep the newest few', async () => {
    const { runScheduledBackup } = await import('@ideamine/server/commands/scheduled-backup');
    const app = server.app;
    const place = { db: app.db, pool: app.pool, databaseUrl: app.databaseUrl, dir: app.config.backupDir };
    const minute = (n: number) => new Date(Date.now() + n * 60_000);
    expect(await runScheduledBackup(place, app.log, minute(1))).toBe(false); // no schedule set
    await http.post('/api/v1/settings', { key: 'backup.schedule_cron', value: '* * * * *' }, { token: admin.token });
    await http.post('/api/v1/settings', { key: 'backup.retention_count', value: 2 }, { token: admin.token });
    const bad = await http.post(
      '/api/v1/settings',
      { key: 'backup.schedule_cron', value: 'every day' },
      { token: admin.token },
    );
    expect(bad.status).toBe(400);

    // One clock reading: a backup takes seconds, and reading it again could cross into the next minute.
    const first = minute(1);
    const later = (n: number) => new Date(first.getTime() + n * 60_000);
    expect(await runScheduledBackup(place, app.log, first)).toBe(true);
    expect(await runScheduledBackup(place, app.log, first)).toBe(false); // already done for that minute
    expect(await runScheduledBackup(place, app.log, later(1))).toBe(true);
    expect(await runScheduledBackup(place, app.log, later(2))).toBe(true);
    const scheduled = await http.get('/api/v1/admin/backups?kind=scheduled', { token: admin.token });
    expect(scheduled.body.data).toHaveLength(2); // retention 2: the oldest one was deleted with its file
  });
});
