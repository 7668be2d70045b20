import { useSyncExternalStore } from 'react';

// Persisted local settings of spec s3: darkMode, sidebarCollapsed, unread notifications and
// analytics preferences, and how idea lists are shown. Each lives under its own local-storage key; the hook re-renders every
// component that reads a key when any of them writes it.

const PREFIX = 'ideamine.';
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // local storage can be disabled; settings then last for the page only
  }
}

const memory = new Map<string, string>();

export function readSetting<T>(key: string, fallback: T): T {
  const raw = storage()?.getItem(PREFIX + key) ?? memory.get(key) ?? null;
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeSetting<T>(key: string, value: T): void {
  const raw = JSON.stringify(value);
  memory.set(key, raw);
  storage()?.setItem(PREFIX + key, raw);
  snapshots.delete(key);
  for (const listener of listeners) listener();
}

const snapshots = new Map<string, { raw: string | null; value: unknown }>();

/** Cached so useSyncExternalStore sees a stable value until the setting changes. */
function snapshot<T>(key: string, fallback: T): T {
  const raw = storage()?.getItem(PREFIX + key) ?? memory.get(key) ?? null;
  const cached = snapshots.get(key);
  if (cached && cached.raw === raw) return cached.value as T;
  const value = readSetting(key, fallback);
  snapshots.set(key, { raw, value });
  return value;
}

export function useSetting<T>(key: string, fallback: T): [T, (value: T) => void] {
  const value = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot(key, fallback),
  );
  return [value, (next: T) => writeSetting(key, next)];
}

export const SETTING_KEYS = {
  darkMode: 'darkMode',
  sidebarCollapsed: 'sidebarCollapsed',
  notifications: 'notifications',
  analyticsPreferences: 'analyticsPreferences',
  autoRefresh: 'autoRefresh',
  ideaView: 'ideaView',
} as const;
