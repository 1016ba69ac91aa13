import { join } from 'node:path';
import { app, dialog, Menu, nativeTheme, type BrowserWindow } from 'electron';
import { ActivityMonitor } from './app/activity-monitor';
import { keepAwakeWhileTransferring } from './app/keep-awake';
import { createAppHandlers } from './app/app-handlers';
import { APP_INDEX_URL, APP_ORIGIN } from './app/app-protocol';
import { createAppServices, type AppServices } from './app/create-app-services';
import { databaseFilesIn } from './app/launch-files';
import type { OpenItem } from '../shared/ipc/events';
import { buildAppMenu } from './platform/app-menu';
import { installCliCommand } from './platform/cli-command-installer';
import { handleAppScheme, registerAppScheme } from './platform/app-protocol-handler';
import { installLifecycle } from './platform/app-lifecycle';
import { appUserModelIdFor } from './platform/app-identity';
import { secondLaunchPlan } from './platform/second-launch';
import { AppTray, type AppTrayOptions } from './platform/app-tray';
import { ElectronPlatform } from './platform/electron-platform';
import { registerIpcChannels } from './platform/ipc-registration';
import { electronSuspendBlocker } from './platform/suspend-blocker';
import { KeytarSecretStore } from './platform/keytar-secret-store';
import { createMainWindow, focusWindow } from './platform/main-window';
import { WindowStateStore } from './platform/window-state-store';
import { TRAY_IMAGE_FOLDER, trayImageFor } from './platform/tray-image';
import { hardenAllWebContents, hardenSession } from './platform/window-security';
import { EventHub } from './services/ipc/event-hub';
import { IpcRouter } from './services/ipc/ipc-router';
import { fileSink, RedactingLogger, type Logger } from './services/log/logger';
import { originOf } from './services/ipc/sender-policy';

/*
 * Composition root: builds the services (through createAppServices, the composition the
 * browser harness shares), then the Electron adapters, then registers IPC.
 */

const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
const rendererUrl = devServerUrl ?? APP_INDEX_URL;
const rendererOrigin = (devServerUrl && originOf(devServerUrl)) ?? APP_ORIGIN;
const resource = (name: string): string => join(app.getAppPath(), 'resources', name);

// macOS reports files opened with the app (Finder, dock) before it is ready: keep them.
const earlyFiles: string[] = [];
let receiveFiles = (paths: string[]): void => void earlyFiles.push(...paths);
app.on('open-file', (event, path) => {
  event.preventDefault();
  receiveFiles(databaseFilesIn([path]));
});

/** The IPC router over every handler, and the hub that pushes the bus's events to the window. */
function connectRenderer(
  services: AppServices,
  platform: ElectronPlatform,
  currentWindow: () => BrowserWindow | undefined,
  logger: Logger,
): EventHub {
  const router = new IpcRouter({
    handlers: createAppHandlers(services, platform, {
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
    }),
    allowedOrigins: [rendererOrigin],
    logger,
  });
  const hub = new EventHub({
    bus: services.bus,
    sink: (event, payload) => currentWindow()?.webContents.send(event, payload),
    logger,
  });
  registerIpcChannels({
    router,
    window: currentWindow,
    hub,
    dropped: { provenance: services.provenance, logger },
  });
  return hub;
}

/** Opens the main window as it was last left, its state saved as it changes. */
function openMainWindow(windowState: WindowStateStore, hub: EventHub): BrowserWindow {
  const opened = createMainWindow({
    state: windowState.load(),
    preload: join(import.meta.dirname, '../preload/index.cjs'),
    url: rendererUrl,
    icon: resource('icon.png'),
  });
  windowState.track(opened);
  // A reload or navigation drops the renderer's listeners: queue until it is ready again.
  opened.webContents.on('did-start-navigation', (details) => {
    if (details.isMainFrame && !details.isSameDocument) hub.reset();
  });
  return opened;
}

/** The application menu; its commands go to the renderer as bus events. */
function installAppMenu(services: AppServices, logger: Logger, quit: () => void): void {
  Menu.setApplicationMenu(
    buildAppMenu({
      isMac: process.platform === 'darwin',
      isDev: devServerUrl !== undefined,
      command: (command) => services.bus.emit('app:onDidRequestCommand', { command }),
      installCommand: () => void installCliCommand(logger),
      quit,
    }),
  );
}

/**
 * From now on, database files opened with the app go to the renderer (macOS open-file, a
 * second instance's command line, which also shows the window), starting with those kept
 * since launch and this instance's command line.
 */
function receiveFilesFromNowOn(services: AppServices, showWindow: () => void): void {
  receiveFiles = (paths: string[]): void => {
    if (paths.length === 0) return;
    services.provenance.chosenFiles(...paths);
    services.bus.emit('app:onDidReceiveFiles', { paths });
  };
  app.on('second-instance', (_event, argv, workingDirectory) => {
    const plan = secondLaunchPlan({ argv, workingDirectory });
    showWindow();
    receiveFiles(plan.files);
  });
  receiveFiles([...earlyFiles, ...databaseFilesIn(process.argv.slice(1))]);
}

/** The tray icon, with the platform's own image (tray-image.ts). */
function openTray(options: Omit<AppTrayOptions, 'icon' | 'isTemplate'>): AppTray {
  const image = trayImageFor(process.platform);
  return new AppTray({
    ...options,
    icon: resource(join(TRAY_IMAGE_FOLDER, image.file)),
    isTemplate: image.isTemplate,
  });
}

async function start(): Promise<void> {
  const logger = new RedactingLogger({ sink: fileSink(join(app.getPath('logs'), 'main.log')) });
  hardenSession(rendererOrigin);
  hardenAllWebContents(rendererOrigin);
  handleAppScheme(join(import.meta.dirname, '../renderer'));

  const services = await createAppServices({
    dataDir: app.getPath('userData'),
    secretStore: new KeytarSecretStore(),
    logger,
    appVersion: app.getVersion(),
  });
  // Native parts (menus, dialogs, the window frame) follow the app's theme setting.
  nativeTheme.themeSource = services.settings.get().theme;
  services.settings.onDidChange((settings) => (nativeTheme.themeSource = settings.theme));
  let window: BrowserWindow | undefined = undefined;
  const currentWindow = (): BrowserWindow | undefined =>
    window && !window.isDestroyed() ? window : undefined;
  const openItem = (item: OpenItem): void => {
    if (!currentWindow()) openWindow();
    focusWindow(currentWindow());
    services.bus.emit('app:onDidRequestOpenItem', item);
  };
  const platform = new ElectronPlatform({
    window: currentWindow,
    dragIcon: resource('icon.png'),
    onOpenItem: openItem,
  });
  // It follows the services' own events: transfers, jobs, monitor.
  const monitor = new ActivityMonitor({
    ...services,
    platform,
    settings: () => services.settings.get(),
  });
  const hub = connectRenderer(services, platform, currentWindow, logger);
  const stopKeepAwake = keepAwakeWhileTransferring({ ...services, logger }, electronSuspendBlocker);
  let tray: AppTray | undefined = undefined;
  // Before the window exists: the lifecycle attaches close-to-tray to windows as they open.
  installLifecycle({
    window: currentWindow,
    closeToTray: () => services.settings.get().closeToTray,
    logger,
    shutdown: async () => {
      tray?.dispose();
      stopKeepAwake();
      monitor.dispose();
      hub.dispose();
      await services.shutdown();
    },
  });

  const windowState = new WindowStateStore({
    file: join(app.getPath('userData'), 'window-state.json'),
  });
  const openWindow = (): void => {
    window = openMainWindow(windowState, hub);
  };
  openWindow();

  const quit = (): void => app.quit();
  // macOS keeps the app without windows: the dock icon or the tray opens a new one.
  const showWindow = (): void => (currentWindow() ? focusWindow(currentWindow()) : openWindow());
  installAppMenu(services, logger, quit);
  tray = openTray({ monitor, showWindow, openItem, quit });

  app.on('activate', showWindow);
  receiveFilesFromNowOn(services, showWindow);
}

registerAppScheme();
// Before any notification or window: Windows matches it with the installed shortcut.
const appUserModelId = appUserModelIdFor({
  platform: process.platform,
  isPackaged: app.isPackaged,
  execPath: process.execPath,
});
if (appUserModelId !== undefined) app.setAppUserModelId(appUserModelId);
// One instance owns the data folder and the keychain entries; a second one hands its files
// over (second-instance) and exits.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      dialog.showErrorBox(
        'DataBridge Desktop could not start',
        error instanceof Error ? error.message : String(error),
      );
      app.exit(1);
    });
}
