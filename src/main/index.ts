import { join } from 'node:path';
import { app, dialog, Menu, nativeTheme, session, type BrowserWindow } from 'electron';
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
import { followStartAtLogin, isStartAtLogin } from './platform/login-item';
import { appUserModelIdFor } from './platform/app-identity';
import { secondLaunchPlan } from './platform/second-launch';
import { AppTray, type AppTrayOptions } from './platform/app-tray';
import { ElectronPlatform } from './platform/electron-platform';
import { chromiumRequestPort } from './platform/chromium-request';
import { registerIpcChannels } from './platform/ipc-registration';
import { electronSuspendBlocker } from './platform/suspend-blocker';
import { KeytarSecretStore } from './platform/keytar-secret-store';
import { CommandOsLog } from './services/audit/os-log';
import { createMainWindow, focusWindow } from './platform/main-window';
import { PendingOpens, type PendingOpen } from './platform/pending-opens';
import { WindowStateStore } from './platform/window-state-store';
import { TRAY_IMAGE_FOLDER, trayImageFor } from './platform/tray-image';
import { hardenAllWebContents, hardenSession } from './platform/window-security';
import { ElectronUpdaterEngine } from './platform/updater';
import { installKindOf } from './services/updates/update-decisions';
import { EventHub } from './services/ipc/event-hub';
import { IpcRouter } from './services/ipc/ipc-router';
import { mainLogFile } from './services/config/app-paths';
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

// Files opened with the app and notification or tray clicks wait for the window's page
// (pending-opens.ts). macOS reports files opened with the app (Finder, dock) before it is
// ready: until start() wires the window, they wait for its first page.
const opens = new PendingOpens<PendingOpen>();
let requestOpen = (open: PendingOpen): void => void opens.open(open, false);
app.on('open-file', (event, path) => {
  event.preventDefault();
  const paths = databaseFilesIn([path]);
  if (paths.length > 0) requestOpen({ kind: 'files', paths });
});
/** A notification or tray click: the item opens in the window's page once it listens. */
const requestItem = (item: OpenItem): void => requestOpen({ kind: 'item', item });
// This instance's own command line (a file double-clicked on Windows or Linux) waits the same.
const launchFiles = databaseFilesIn(process.argv.slice(1));
if (launchFiles.length > 0) requestOpen({ kind: 'files', paths: launchFiles });

/** The IPC router over every handler, and the hub that pushes the bus's events to the window. */
function connectRenderer(
  services: AppServices,
  platform: ElectronPlatform,
  currentWindow: () => BrowserWindow | undefined,
  logger: Logger,
  onRendererReady: () => void,
): EventHub {
  const router = new IpcRouter({
    handlers: createAppHandlers(services, platform, {
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      versions: {
        electron: process.versions.electron,
        chromium: process.versions.chrome,
        node: process.versions.node,
      },
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
    onRendererReady,
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
  // A new page, a reload or a navigation has no listeners yet: queue until it is ready.
  hub.reset();
  opens.pageGone();
  opened.webContents.on('did-start-navigation', (details) => {
    if (!details.isMainFrame || details.isSameDocument) return;
    hub.reset();
    opens.pageGone();
  });
  opened.on('closed', () => opens.pageGone());
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

/** Hands one open request to the page: files it may read, or the item to open. */
function deliverOpen(services: AppServices, open: PendingOpen): void {
  if (open.kind === 'item') {
    services.bus.emit('app:onDidRequestOpenItem', open.item);
    return;
  }
  const paths = [...open.paths];
  services.provenance.chosenFiles(...paths);
  services.bus.emit('app:onDidReceiveFiles', { paths });
}

/**
 * From now on, files opened with the app (macOS open-file, a second instance's command line)
 * and notification or tray clicks show the window, or open one, and reach its page once it
 * listens.
 */
function receiveOpensFromNowOn(options: {
  readonly services: AppServices;
  readonly currentWindow: () => BrowserWindow | undefined;
  readonly openWindow: () => void;
}): void {
  const { services, currentWindow, openWindow } = options;
  requestOpen = (open: PendingOpen): void => {
    const plan = opens.open(open, currentWindow() !== undefined);
    if (plan.window === 'create') openWindow();
    else focusWindow(currentWindow());
    for (const ready of plan.deliver) deliverOpen(services, ready);
  };
  app.on('second-instance', (_event, argv, workingDirectory) => {
    const { files } = secondLaunchPlan({ argv, workingDirectory });
    if (files.length > 0) requestOpen({ kind: 'files', paths: files });
    else if (currentWindow()) focusWindow(currentWindow());
    else openWindow();
  });
}

/** The Electron shell's port; a notification the system did not show goes to the window. */
function createPlatform(
  services: AppServices,
  logger: Logger,
  currentWindow: () => BrowserWindow | undefined,
): ElectronPlatform {
  return new ElectronPlatform({
    window: currentWindow,
    dragIcon: resource('icon.png'),
    onOpenItem: requestItem,
    onNotificationFallback: (notification, reason) => {
      if (reason !== undefined) {
        logger.warn('A notification failed; notifications show in the window from now on', {
          reason,
        });
      }
      services.bus.emit('app:onDidFailNotification', notification);
    },
  });
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

/** The app's services, wired for the window's main process. */
function appServicesOf(
  logFile: string,
  logger: RedactingLogger,
): ReturnType<typeof createAppServices> {
  return createAppServices({
    dataDir: app.getPath('userData'),
    secretStore: new KeytarSecretStore(),
    osLog: new CommandOsLog({ platform: process.platform }),
    logger,
    appVersion: app.getVersion(),
    logFile,
    electronVersion: process.versions.electron,
    // The system's proxy per URL (OS settings, WPAD, PAC) as Chromium resolves it, in PAC
    // form ("PROXY host:port; DIRECT"); read by the services only when neither the settings
    // nor the environment name a proxy. start() runs after whenReady: the session exists.
    systemProxy: (url) => session.defaultSession.resolveProxy(url),
    // A proxy that asks for the user's sign-in (Negotiate, NTLM) is answered by Chromium:
    // its requests go through `net.request` (chromium-request.ts).
    chromiumRequest: chromiumRequestPort(),
    // electron-updater, built at the first check, never where updates are off here.
    updater: {
      kind: installKindOf({
        platform: process.platform,
        isPackaged: app.isPackaged,
        env: process.env,
      }),
      createEngine: () => new ElectronUpdaterEngine({ platform: process.platform, logger }),
    },
  });
}

async function start(): Promise<void> {
  const logFile = mainLogFile(app.getPath('logs'));
  const logger = new RedactingLogger({ sink: fileSink(logFile) });
  hardenSession(rendererOrigin);
  hardenAllWebContents(rendererOrigin);
  handleAppScheme(join(import.meta.dirname, '../renderer'));

  const services = await appServicesOf(logFile, logger);
  // Native parts (menus, dialogs, the window frame) follow the app's theme setting.
  nativeTheme.themeSource = services.settings.get().theme;
  services.settings.onDidChange((settings) => (nativeTheme.themeSource = settings.theme));
  let window: BrowserWindow | undefined = undefined;
  const currentWindow = (): BrowserWindow | undefined =>
    window && !window.isDestroyed() ? window : undefined;
  const platform = createPlatform(services, logger, currentWindow);
  // It follows the services' own events: transfers, jobs, monitor.
  const monitor = new ActivityMonitor({
    ...services,
    platform,
    settings: () => services.settings.get(),
  });
  const hub = connectRenderer(services, platform, currentWindow, logger, () => {
    for (const open of opens.pageReady()) deliverOpen(services, open);
  });
  const stopKeepAwake = keepAwakeWhileTransferring({ ...services, logger }, electronSuspendBlocker);
  const stopStartAtLogin = followStartAtLogin({ settings: services.settings, logger });
  // A start at login is a monitor: no window, and a window opened later from the tray closes
  // back to it (closing it must not quit what the user asked to run from sign-in on).
  const startedAtLogin = isStartAtLogin();
  let tray: AppTray | undefined = undefined;
  // Before the window exists: the lifecycle attaches close-to-tray to windows as they open.
  installLifecycle({
    window: currentWindow,
    closeToTray: () => startedAtLogin || services.settings.get().closeToTray,
    logger,
    shutdown: async () => {
      // Before transfers are paused for the quit: a downloaded update installs now only if
      // none runs (and no job is followed); otherwise it waits for a later quit.
      services.updates.prepareQuit();
      tray?.dispose();
      stopStartAtLogin();
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
  // The monitor and the connections reopened by createAppServices run without a window.
  if (startedAtLogin)
    logger.info('Started with the session: no window; the tray and the monitor run');
  else openWindow();

  const quit = (): void => app.quit();
  // macOS keeps the app without windows: the dock icon or the tray opens a new one.
  const showWindow = (): void => (currentWindow() ? focusWindow(currentWindow()) : openWindow());
  installAppMenu(services, logger, quit);
  receiveOpensFromNowOn({ services, currentWindow, openWindow });
  tray = openTray({ monitor, showWindow, openItem: requestItem, quit });

  app.on('activate', showWindow);
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
