import { Menu, Tray, app, nativeImage, type MenuItemConstructorOptions } from 'electron';
import type { ActivityItem, ActivityMonitor, ActivitySnapshot } from '../app/activity-monitor';
import type { OpenItem } from '../../shared/ipc/events';

/** Options of {@link AppTray}. */
export interface AppTrayOptions {
  /** The tray image's path (its `@2x` twin beside it), chosen by trayImageFor. */
  readonly icon: string;
  /** A macOS template image, recoloured by the menu bar. */
  readonly isTemplate: boolean;
  readonly monitor: ActivityMonitor;
  readonly showWindow: () => void;
  readonly openItem: (item: OpenItem) => void;
  readonly quit: () => void;
}

/**
 * The tray icon: its menu lists the instances that block, and running transfers and jobs
 * (from the activity monitor), so the user can follow them with the window closed to the
 * tray; its tooltip says when something blocks.
 */
export class AppTray {
  readonly #tray: Tray;
  readonly #options: AppTrayOptions;
  readonly #stop: () => void;

  constructor(options: AppTrayOptions) {
    this.#options = options;
    // createFromPath loads the @2x twin too; no resize, which would drop it.
    const image = nativeImage.createFromPath(options.icon);
    image.setTemplateImage(options.isTemplate);
    this.#tray = new Tray(image);
    this.#tray.setToolTip('DataBridge Desktop');
    this.#tray.on('click', () => options.showWindow());
    this.#render(options.monitor.snapshot());
    this.#stop = options.monitor.onDidChange((snapshot) => this.#render(snapshot));
  }

  /** Removes the icon. */
  dispose(): void {
    this.#stop();
    this.#tray.destroy();
  }

  #render(snapshot: ActivitySnapshot): void {
    const { showWindow, quit } = this.#options;
    const template: MenuItemConstructorOptions[] = [
      { label: 'Show DataBridge Desktop', click: showWindow },
      { type: 'separator' },
      ...(snapshot.blocking.length > 0 ? this.#section('Blocking', snapshot.blocking) : []),
      ...this.#section('Transfers', snapshot.transfers),
      ...this.#section('Jobs', snapshot.jobs),
      { type: 'separator' },
      { label: 'Quit', click: quit },
    ];
    this.#tray.setContextMenu(Menu.buildFromTemplate(template));
    const running = snapshot.transfers.length + snapshot.jobs.length;
    const blocking = snapshot.blocking.length;
    const parts = [
      ...(blocking > 0 ? [`blocking on ${blocking} instance${blocking === 1 ? '' : 's'}`] : []),
      ...(running > 0 ? [`${running} running`] : []),
    ];
    this.#tray.setToolTip(
      parts.length === 0 ? 'DataBridge Desktop' : `DataBridge Desktop: ${parts.join(', ')}`,
    );
    // The count badge: text beside the tray icon (macOS menu bar), and the dock or launcher
    // badge where the desktop has one (macOS, Unity); elsewhere the tooltip carries it.
    this.#tray.setTitle(running === 0 ? '' : String(running));
    app.setBadgeCount(running);
  }

  #section(title: string, items: readonly ActivityItem[]): MenuItemConstructorOptions[] {
    if (items.length === 0) return [{ label: `No running ${title.toLowerCase()}`, enabled: false }];
    return [
      { label: title, enabled: false },
      ...items.slice(0, 10).map((item) => ({
        label: item.label,
        click: () =>
          this.#options.openItem({
            kind: item.kind,
            id: item.id,
            ...(item.profileId === undefined ? {} : { profileId: item.profileId }),
          }),
      })),
    ];
  }
}
