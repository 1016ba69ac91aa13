import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { AppCommand } from '../../shared/ipc/events';

/** Options of {@link buildAppMenu}. */
export interface AppMenuOptions {
  readonly isMac: boolean;
  /** Development builds also get the developer tools. */
  readonly isDev: boolean;
  readonly command: (command: AppCommand) => void;
  /** Puts `databridge` on the PATH (cli-command-installer.ts). */
  readonly installCommand: () => void;
  readonly quit: () => void;
}

/** The item that installs the command line, as VS Code's "Install 'code' command in PATH". */
function installCommandItem({ installCommand }: AppMenuOptions): MenuItemConstructorOptions {
  return { label: 'Install the databridge command', click: installCommand };
}

/**
 * File: a new connection; the command line, settings and quit too where the app menu (macOS)
 * lacks them.
 */
function fileMenu(options: AppMenuOptions): MenuItemConstructorOptions {
  const { isMac, command, quit } = options;
  return {
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
            installCommandItem(options),
            { label: 'Settings…', accelerator: 'Ctrl+,', click: () => command('openSettings') },
            { type: 'separator' },
            { label: 'Quit', accelerator: 'Ctrl+Q', click: quit },
          ] satisfies MenuItemConstructorOptions[])),
    ],
  };
}

/** View: the activity panel, reload, zoom, full screen; developer tools in development. */
function viewMenu({ isDev, command }: AppMenuOptions): MenuItemConstructorOptions {
  return {
    label: 'View',
    submenu: [
      {
        label: 'Toggle Activity Panel',
        accelerator: 'CmdOrCtrl+J',
        click: () => command('toggleActivityPanel'),
      },
      { type: 'separator' },
      { role: 'reload' },
      ...(isDev ? ([{ role: 'toggleDevTools' }] satisfies MenuItemConstructorOptions[]) : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
}

/** macOS's app menu: about, settings, the command line, hide and quit. */
function macAppMenu(options: AppMenuOptions): MenuItemConstructorOptions {
  const { command, quit } = options;
  return {
    role: 'appMenu',
    submenu: [
      { label: 'About DataBridge Desktop', click: () => command('openAbout') },
      { type: 'separator' },
      { label: 'Settings…', accelerator: 'Cmd+,', click: () => command('openSettings') },
      installCommandItem(options),
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { label: 'Quit DataBridge Desktop', accelerator: 'Cmd+Q', click: quit },
    ],
  };
}

/**
 * The application menu: the platform's usual roles (edit, view, window; the app menu on
 * macOS) and the app's own commands, which the renderer carries out.
 */
export function buildAppMenu(options: AppMenuOptions): Menu {
  const template: MenuItemConstructorOptions[] = [
    ...(options.isMac ? [macAppMenu(options)] : []),
    fileMenu(options),
    { role: 'editMenu' },
    viewMenu(options),
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'Save Diagnostics…', click: () => options.command('saveDiagnostics') },
        { type: 'separator' },
        // The app's own About box: the version, the update channel and state, the last check.
        { label: 'About DataBridge Desktop', click: () => options.command('openAbout') },
      ],
    },
  ];
  return Menu.buildFromTemplate(template);
}
