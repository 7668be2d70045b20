import type { DesktopApi } from '@ideamine/shared/ipc';

// The preload's API (window.ideamine). In the browser tests an init script provides the same
// methods over a loopback bridge to the real main-process handlers.

declare global {
  interface Window {
    ideamine?: DesktopApi;
  }
}

export function desktopApi(): DesktopApi {
  if (!window.ideamine) throw new Error('The console API is missing: this page runs outside the Ideamine console.');
  return window.ideamine;
}
