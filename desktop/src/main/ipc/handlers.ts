import type { SnapshotStore } from '../cache/snapshot-store';
import type { SettingsStore } from '../settings-store';
import type { TokenVault } from '../token-vault';
import type { IpcHandlers } from './dispatch';

// What each channel does, over the console's stores. Electron-specific pieces (notifications,
// app facts) come in as plain functions, so every handler runs in Node tests as it does in the app.

export interface HandlerContext {
  snapshots: SnapshotStore;
  settings: SettingsStore;
  vault: TokenVault;
  /** Shows a native notification; false when the system refused or notifications are off. */
  notify(title: string, body: string): boolean;
  appInfo(): { version: string; platform: string; secure_storage: boolean; cache_file: string };
}

export function createHandlers(ctx: HandlerContext): IpcHandlers {
  return {
    'snapshots:put': (a) => ctx.snapshots.put(a.key, a.body, new Date(a.fetched_at)),
    'snapshots:latest': (a) => ctx.snapshots.latest(a.key),
    'snapshots:latest-many': (a) => ctx.snapshots.latestMany(a.keys),
    'snapshots:keys': () => ctx.snapshots.keys(),
    'snapshots:history': (a) => ctx.snapshots.history(a.key, a.limit, a.before_id),
    'snapshots:get': (a) => ctx.snapshots.get(a.id),
    'snapshots:compare': (a) => ctx.snapshots.compare(a.before_id, a.after_id),
    'snapshots:export': (a) => ctx.snapshots.export(a.id, a.format),
    'cache:stats': () => ctx.snapshots.stats(),
    'cache:configure': (a) => ctx.snapshots.configure(a),
    'settings:get': () => ctx.settings.get(),
    'settings:set': (a) => ctx.settings.set(a),
    'session:load': () => ctx.vault.load(),
    'session:save': (a) => ({ encrypted: ctx.vault.save(a.session) }),
    'session:clear': () => {
      ctx.vault.clear();
      return { cleared: true };
    },
    'notify:show': (a) => ({ shown: ctx.settings.get().notifications && ctx.notify(a.title, a.body) }),
    'app:info': () => ctx.appInfo(),
  };
}
