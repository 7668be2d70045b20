import path from 'node:path';
import { app, BrowserWindow, Menu, Notification, protocol, safeStorage, screen, session, shell } from 'electron';
import { createConsoleContext, type ConsoleContext } from './console-context';
import { registerIpc } from './ipc/register';
import { buildMenu } from './menu';
import { APP_ORIGIN, APP_SCHEME, contentSecurityPolicy, isAllowedRequest, isExternalLink } from './net-policy';
import { rendererFile } from './serve-renderer';
import { loadWindowState, saveWindowState } from './window-state';

// The console's main process, kept thin: one window, the menu, the single-instance lock, the
// app:// protocol with its CSP, the network policy and the IPC handlers. Everything with logic
// lives in modules tested in Node (cache, IPC, settings, session, window bounds, net policy).

const isDev = !app.isPackaged && process.env.IDEAMINE_CONSOLE_DEV === '1';
const rendererRoot = path.join(import.meta.dirname, '../renderer');
let window: BrowserWindow | null = null;
let ctx: ConsoleContext;

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

if (!app.requestSingleInstanceLock()) app.quit();
app.on('second-instance', () => {
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.focus();
});

const serverOrigin = () => ctx.settings.get().server_url;

function createWindow() {
  const stateFile = path.join(app.getPath('userData'), 'window.json');
  const bounds = loadWindowState(
    stateFile,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  window = new BrowserWindow({
    ...bounds,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Ideamine Console',
    webPreferences: {
      preload: path.join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  if (bounds.maximized) window.maximize();
  window.once('ready-to-show', () => window?.show());
  const remember = () => {
    if (!window || window.isMinimized() || window.isFullScreen()) return;
    saveWindowState(stateFile, { ...window.getNormalBounds(), maximized: window.isMaximized() });
  };
  window.on('close', remember);
  window.webContents.on('will-navigate', (event, url) => {
    if (url.startsWith(`${APP_ORIGIN}/`)) return;
    event.preventDefault();
    if (isExternalLink(url)) void shell.openExternal(url);
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (isExternalLink(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.on('closed', () => (window = null));
  void window.loadURL(`${APP_ORIGIN}/admin`);
}

app.whenReady().then(() => {
  ctx = createConsoleContext({
    userData: app.getPath('userData'),
    box: safeStorage,
    notify: (title, body) => {
      if (!Notification.isSupported()) return false;
      new Notification({ title, body }).show();
      return true;
    },
    version: app.getVersion(),
    platform: process.platform,
  });
  protocol.handle(APP_SCHEME, async (request) => {
    const { body, type } = await rendererFile(rendererRoot, new URL(request.url).pathname);
    return new Response(new Uint8Array(body), {
      headers: { 'Content-Type': type, 'Content-Security-Policy': contentSecurityPolicy(serverOrigin()) },
    });
  });
  session.defaultSession.webRequest.onBeforeRequest((details, callback) =>
    callback({ cancel: !isAllowedRequest(details.url, serverOrigin()) }),
  );
  session.defaultSession.setPermissionRequestHandler((_contents, permission, grant) =>
    grant(permission === 'notifications' || permission === 'clipboard-sanitized-write'),
  );
  registerIpc(ctx.handlers, (url) => url.startsWith(`${APP_ORIGIN}/`));
  Menu.setApplicationMenu(buildMenu(() => window, isDev));
  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
app.on('will-quit', () => ctx?.close());
