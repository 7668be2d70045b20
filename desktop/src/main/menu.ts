import { Menu, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import { APP_ORIGIN } from './net-policy';

// The application menu: the console's main screens, history and settings, plus the usual Edit,
// View and Window menus (copy from the dense tables needs Edit > Copy on macOS).

export function buildMenu(window: () => BrowserWindow | null, isDev: boolean): Menu {
  const go = (path: string) => () => void window()?.loadURL(`${APP_ORIGIN}${path}`);
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Console settings', accelerator: 'CmdOrCtrl+,', click: go('/console/settings') },
        { type: 'separator' },
        { role: process.platform === 'darwin' ? 'close' : 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'Go',
      submenu: [
        { label: 'Operations dashboard', accelerator: 'CmdOrCtrl+1', click: go('/admin') },
        { label: 'Jobs', accelerator: 'CmdOrCtrl+2', click: go('/admin/jobs') },
        { label: 'Tasks', accelerator: 'CmdOrCtrl+3', click: go('/admin/tasks') },
        { label: 'Knowledge', accelerator: 'CmdOrCtrl+4', click: go('/admin/knowledge') },
        { label: 'Snapshot history', accelerator: 'CmdOrCtrl+H', click: go('/console/history') },
      ],
    },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        ...(isDev ? [{ role: 'toggleDevTools' as const }] : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
  ];
  return Menu.buildFromTemplate(template);
}
