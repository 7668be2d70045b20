import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsoleContext, type ConsoleContext } from '../console-context';
import type { SecretBox } from '../token-vault';
import { dispatchIpc } from './dispatch';

// The IPC handlers as the renderer meets them: arguments checked against shared/ipc.ts (errors
// name the field), then the real cache, settings and encrypted session in a temp folder.

/** A stand-in for safeStorage: reversible, but never the clear text on disk. */
const xorBox = (available = true): SecretBox => ({
  isEncryptionAvailable: () => available,
  encryptString: (plain) => Buffer.from(Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)),
  decryptString: (sealed) => Buffer.from(sealed.map((b) => b ^ 0x5a)).toString('utf8'),
});

const contexts: { ctx: ConsoleContext; dir: string }[] = [];
afterEach(() => {
  for (const { ctx, dir } of contexts.splice(0)) {
    ctx.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

function makeContext(box = xorBox(), shown: string[] = []) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ideamine-console-'));
  const ctx = createConsoleContext({
    userData: dir,
    box,
    notify: (title, body) => {
      shown.push(`${title}: ${body}`);
      return true;
    },
    version: '0.1.0',
    platform: 'linux',
  });
  contexts.push({ ctx, dir });
  const call = (channel: string, args?: unknown) => dispatchIpc(ctx.handlers, channel, args);
  return { ctx, dir, call, shown };
}

const session = {
  access_token: 'access.jwt.value',
  refresh_token: 'refresh-secret-value',
  expires_at: '2026-11-20T12:15:00Z',
  user: { id: 1, email: 'ops@example.test', role: 'admin' },
};

describe('console IPC', () => {
  it('stores a snapshot and reads it back, the newest first', async () => {
    const { call } = makeContext();
    await call('snapshots:put', {
      key: '/dashboard/queue-metrics',
      body: { depth: 2 },
      fetched_at: '2026-11-20T10:00:00Z',
    });
    await call('snapshots:put', {
      key: '/dashboard/queue-metrics',
      body: { depth: 5 },
      fetched_at: '2026-11-20T10:00:30Z',
    });
    expect(await call('snapshots:latest', { key: '/dashboard/queue-metrics' })).toMatchObject({ body: { depth: 5 } });
    const history = (await call('snapshots:history', { key: '/dashboard/queue-metrics', limit: 10 })) as {
      id: number;
    }[];
    const compared = (await call('snapshots:compare', { before_id: history[1]!.id, after_id: history[0]!.id })) as {
      changes: unknown[];
    };
    expect(compared.changes).toEqual([{ path: 'depth', before: 2, after: 5, delta: 3 }]);
  });

  it('refuses bad arguments with a message naming the field, and unknown channels', async () => {
    const { call } = makeContext();
    await expect(
      call('snapshots:put', { key: 'not a path', body: 1, fetched_at: '2026-11-20T10:00:00Z' }),
    ).rejects.toMatchObject({
      body: { code: 'VALIDATION_ERROR', field: 'key' },
    });
    await expect(
      call('snapshots:put', { key: '/dashboard/x', body: 1, fetched_at: 'yesterday' }),
    ).rejects.toMatchObject({
      body: { code: 'VALIDATION_ERROR', field: 'fetched_at' },
    });
    await expect(call('snapshots:history', { key: '/dashboard/x', limit: 0 })).rejects.toMatchObject({
      body: { field: 'limit' },
    });
    await expect(call('settings:set', { server_url: 'ftp://files.example' })).rejects.toMatchObject({
      body: { code: 'VALIDATION_ERROR', field: 'server_url', message: expect.stringContaining('http(s) address') },
    });
    await expect(call('cache:stats', { extra: true })).rejects.toMatchObject({
      body: { code: 'VALIDATION_ERROR', message: 'Unknown field extra' },
    });
    await expect(call('shell:exec', { command: 'rm' })).rejects.toMatchObject({ body: { code: 'NOT_FOUND' } });
    await expect(call('snapshots:get', { id: 12345 })).rejects.toMatchObject({ body: { code: 'NOT_FOUND' } });
  });

  it('keeps settings across restarts, normalising the server address to its origin', async () => {
    const { call, ctx, dir } = makeContext();
    expect(await call('settings:get')).toEqual({
      server_url: 'http://127.0.0.1:3000',
      auto_refresh: true,
      notifications: true,
    });
    await call('settings:set', { server_url: 'https://ops.example.test/some/path', auto_refresh: false });
    ctx.close();
    contexts.splice(0);
    const again = createConsoleContext({
      userData: dir,
      box: xorBox(),
      notify: () => true,
      version: '0',
      platform: 'linux',
    });
    contexts.push({ ctx: again, dir });
    expect(again.settings.get()).toEqual({
      server_url: 'https://ops.example.test',
      auto_refresh: false,
      notifications: true,
    });
  });

  it('keeps the session encrypted on disk, never in clear text, and clears it', async () => {
    const { call, dir } = makeContext();
    expect(await call('session:load')).toBeNull();
    expect(await call('session:save', { session })).toEqual({ encrypted: true });
    const onDisk = readFileSync(path.join(dir, 'session.bin'));
    expect(onDisk.toString('utf8')).not.toContain('refresh-secret-value');
    expect(await call('session:load')).toEqual(session);
    expect(await call('session:clear')).toEqual({ cleared: true });
    expect(await call('session:load')).toBeNull();
  });

  it('keeps the session in memory only when the system has no key store', async () => {
    const { call, dir } = makeContext(xorBox(false));
    expect(await call('session:save', { session })).toEqual({ encrypted: false });
    expect(() => readFileSync(path.join(dir, 'session.bin'))).toThrow();
    expect(await call('session:load')).toEqual(session);
    expect(await call('app:info')).toMatchObject({ secure_storage: false, platform: 'linux' });
  });

  it('shows notifications only while they are switched on', async () => {
    const shown: string[] = [];
    const { call } = makeContext(xorBox(), shown);
    expect(await call('notify:show', { title: 'Dead letter queue', body: '12 messages' })).toEqual({ shown: true });
    await call('settings:set', { notifications: false });
    expect(await call('notify:show', { title: 'Error rate', body: 'crawl 20%' })).toEqual({ shown: false });
    expect(shown).toEqual(['Dead letter queue: 12 messages']);
  });

  it('reports and configures the cache size and retention', async () => {
    const { call } = makeContext();
    await call('snapshots:put', { key: '/dashboard/a', body: { v: 1 }, fetched_at: '2026-11-20T10:00:00Z' });
    expect(await call('cache:stats')).toMatchObject({ snapshots: 1, keys: 1, retention_days: 30, max_megabytes: 1024 });
    expect(await call('cache:configure', { retention_days: 7, max_megabytes: 200 })).toMatchObject({
      retention_days: 7,
      max_megabytes: 200,
    });
    await expect(call('cache:configure', { retention_days: 0, max_megabytes: 200 })).rejects.toMatchObject({
      body: { field: 'retention_days' },
    });
  });
});
