// Debian's Chromium, headless, with the flags this machine needs (no background networking: the
// closed network refuses those connections). Shared by the browser tests and bench:portal.
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
