import { z } from 'zod';
import type { DesktopSettings } from '@ideamine/shared/ipc';
import { readJsonFile, writeFileAtomic } from './json-file';

// The console's own settings (server address, auto-refresh, notifications) in
// userData/settings.json. A missing or damaged file gives the defaults.

export const DEFAULT_SETTINGS: DesktopSettings = {
  server_url: 'http://127.0.0.1:3000',
  auto_refresh: true,
  notifications: true,
};

const fileSchema = z.object({
  server_url: z.string().url().optional(),
  auto_refresh: z.boolean().optional(),
  notifications: z.boolean().optional(),
});

export class SettingsStore {
  constructor(private readonly file: string) {}

  get(): DesktopSettings {
    const parsed = fileSchema.safeParse(readJsonFile(this.file));
    return { ...DEFAULT_SETTINGS, ...(parsed.success ? parsed.data : {}) };
  }

  set(patch: Partial<DesktopSettings>): DesktopSettings {
    const next = { ...this.get(), ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
    writeFileAtomic(this.file, JSON.stringify(next, null, 2));
    return next;
  }
}
