import path from 'node:path';
import { openCache } from './cache/open-cache';
import { SnapshotStore } from './cache/snapshot-store';
import { createHandlers } from './ipc/handlers';
import { SettingsStore } from './settings-store';
import { TokenVault, type SecretBox } from './token-vault';

// Everything the console keeps in its user data folder, opened together: the metrics cache,
// the settings and the encrypted session, with the IPC handlers over them. The Electron main
// process and the browser tests' bridge both start here.

export interface ConsoleContextOptions {
  userData: string;
  box: SecretBox;
  notify(title: string, body: string): boolean;
  version: string;
  platform: string;
}

export function createConsoleContext(opts: ConsoleContextOptions) {
  const cacheFile = path.join(opts.userData, 'metrics-cache.sqlite');
  const db = openCache(cacheFile);
  const snapshots = new SnapshotStore(db, cacheFile);
  const settings = new SettingsStore(path.join(opts.userData, 'settings.json'));
  const vault = new TokenVault(path.join(opts.userData, 'session.bin'), opts.box);
  const handlers = createHandlers({
    snapshots,
    settings,
    vault,
    notify: opts.notify,
    appInfo: () => ({
      version: opts.version,
      platform: opts.platform,
      secure_storage: opts.box.isEncryptionAvailable(),
      cache_file: cacheFile,
    }),
  });
  return { handlers, snapshots, settings, vault, close: () => db.close() };
}

export type ConsoleContext = ReturnType<typeof createConsoleContext>;
