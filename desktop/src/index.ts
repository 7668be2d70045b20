// The Electron operator console arrives with the desktop issue.
export {};
