import { contextBridge, ipcRenderer } from 'electron';
import type { DesktopApi, IpcChannel } from '@ideamine/shared/ipc';

// The renderer's only door to the main process: one named method per channel of shared/ipc.ts,
// nothing generic (no raw ipcRenderer, no channel as an argument). Errors come back as the
// main process's JSON body.

const call = (channel: IpcChannel) => async (args?: unknown) => {
  try {
    return await ipcRenderer.invoke(channel, args ?? {});
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const json = text.slice(text.indexOf('{'));
    let body: { code?: string; message?: string; field?: string } = {};
    try {
      body = JSON.parse(json);
    } catch {
      body = { code: 'INTERNAL_ERROR', message: text };
    }
    throw Object.assign(new Error(body.message ?? text), body);
  }
};

const api: DesktopApi = {
  snapshotsPut: call('snapshots:put'),
  snapshotsLatest: call('snapshots:latest'),
  snapshotsLatestMany: call('snapshots:latest-many'),
  snapshotsKeys: call('snapshots:keys'),
  snapshotsHistory: call('snapshots:history'),
  snapshotsGet: call('snapshots:get'),
  snapshotsCompare: call('snapshots:compare'),
  snapshotsExport: call('snapshots:export'),
  cacheStats: call('cache:stats'),
  cacheConfigure: call('cache:configure'),
  settingsGet: call('settings:get'),
  settingsSet: call('settings:set'),
  sessionLoad: call('session:load'),
  sessionSave: call('session:save'),
  sessionClear: call('session:clear'),
  notifyShow: call('notify:show'),
  appInfo: call('app:info'),
};

contextBridge.exposeInMainWorld('ideamine', api);
