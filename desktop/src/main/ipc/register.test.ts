import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '@ideamine/shared/ipc';

// registerIpc with Electron mocked at its import: every channel is bound, calls from the
// console's page reach the handlers, and any other page is refused.

const handle = vi.fn();
vi.mock('electron', () => ({ ipcMain: { handle } }));

const { registerIpc } = await import('./register');

type Listener = (event: { senderFrame: { url: string } }, args: unknown) => Promise<unknown>;

describe('registerIpc', () => {
  beforeEach(() => handle.mockReset());

  it('binds every channel of the map and passes checked arguments to the handler', async () => {
    const latest = vi.fn(() => ({ id: 1 }));
    registerIpc({ 'snapshots:latest': latest } as never, (url) => url.startsWith('app://console/'));
    expect(handle.mock.calls.map((c) => c[0]).sort()).toEqual(Object.keys(IPC_CHANNELS).sort());
    const listener = handle.mock.calls.find((c) => c[0] === 'snapshots:latest')![1] as Listener;
    await expect(
      listener({ senderFrame: { url: 'app://console/index.html' } }, { key: '/dashboard/a' }),
    ).resolves.toEqual({ id: 1 });
    expect(latest).toHaveBeenCalledWith({ key: '/dashboard/a' });
  });

  it('refuses calls from another page and sends errors as JSON the preload can read', async () => {
    registerIpc({} as never, (url) => url.startsWith('app://console/'));
    const listener = handle.mock.calls.find((c) => c[0] === 'cache:stats')![1] as Listener;
    const refused = await listener({ senderFrame: { url: 'https://evil.example/' } }, {}).catch((e: Error) => e);
    expect(JSON.parse((refused as Error).message)).toMatchObject({ code: 'FORBIDDEN' });
    const bad = await listener({ senderFrame: { url: 'app://console/' } }, { nope: 1 }).catch((e: Error) => e);
    expect(JSON.parse((bad as Error).message)).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
