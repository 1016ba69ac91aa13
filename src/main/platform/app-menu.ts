import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { AppCommand } from '../../shared/ipc/events';

/**
 * The application menu: the platform's usual roles (edit, view, window; the app menu on
 * macOS) and the app's own commands, which the renderer carries out.
 */
export function buildAppMenu(options: {
  readonly isMac: boolean;
  /** Development builds also get the developer tools. */
  readonly isDev: boolean;
  readonly command: (command: AppCommand) => void;
  readonly quit: () => void;
}): Menu {
  const { isMac, command } = options;
  const fileMenu: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      {
        label: 'New Connection…',
        accelerator: 'CmdOrCtrl+N',
        click: () => command('newConnection'),
      },
      ...(isMac
        ? []
        : ([
            { type: 'separator' },
            { label: 'Settings…', accelerator: 'Ctrl+,', click: () => command('openSettings') },
            { type: 'separator' },
            { label: 'Quit', accelerator: 'Ctrl+Q', click: options.quit },
          ] satisfies MenuItemConstructorOptions[])),
    ],
  };
  const viewMenu: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      {
        label: 'Toggle Activity Panel',
        accelerator: 'CmdOrCtrl+J',
        click: () => command('toggleActivityPanel'),
      },
      { type: 'separator' },
      { role: 'reload' },
      ...(options.isDev
        ? ([{ role: 'toggleDevTools' }] satisfies MenuItemConstructorOptions[])
        : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const macAppMenu: MenuItemConstructorOptions = {
    role: 'appMenu',
    submenu: [
      { role: 'about' },
      { type: 'separator' },
      { label: 'Settings…', accelerator: 'Cmd+,', click: () => command('openSettings') },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { label: 'Quit DataBridge Desktop', accelerator: 'Cmd+Q', click: options.quit },
    ],
  };
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [macAppMenu] : []),
    fileMenu,
    { role: 'editMenu' },
    viewMenu,
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ role: 'about' }] },
  ];
  return Menu.buildFromTemplate(template);
}
