import { app } from 'electron';
import { autostartFolder, XdgAutostartService } from '../services/autostart/xdg-autostart';
import type { Logger } from '../services/log/logger';
import {
  loginItemActionFor,
  loginLaunchFor,
  startsHidden,
  type CurrentLoginItem,
  type LoginLaunch,
  type NoLaunch,
} from './login-item-plan';

/*
 * The Electron side of "Start with the session": reads the login item, hands the decision of
 * login-item-plan.ts to `app.setLoginItemSettings` (Windows, macOS) or to the autostart entry's
 * writer (Linux), and tells whether this start is a start at login.
 */

/** What {@link followStartAtLogin} follows. */
export interface StartAtLoginSources {
  readonly settings: {
    get(): { startAtLogin: boolean };
    onDidChange(listener: (settings: { startAtLogin: boolean }) => void): () => void;
  };
  readonly logger: Logger;
}

/** The login item as Electron reports it; Linux has none (the writer compares its file). */
function currentLoginItem(launch: LoginLaunch | NoLaunch): CurrentLoginItem | undefined {
  if (process.platform === 'linux' || 'reason' in launch) return undefined;
  // Windows compares the Run value with this exact command (login-item-plan.ts).
  const found =
    process.platform === 'win32'
      ? app.getLoginItemSettings({ path: launch.executable, args: [...launch.args] })
      : app.getLoginItemSettings();
  return { openAtLogin: found.openAtLogin, status: found.status };
}

/**
 * Makes the system start the app at sign-in as the setting says, now and on each change of
 * it; answers the function that stops following. A failure is logged with what to do; the
 * next change of the setting tries again.
 */
export function followStartAtLogin(sources: StartAtLoginSources): () => void {
  const { settings, logger } = sources;
  const launch = loginLaunchFor({
    platform: process.platform,
    isPackaged: app.isPackaged,
    execPath: process.execPath,
    appPath: app.getAppPath(),
    isMas: process.mas === true,
    env: process.env,
  });
  const autostart =
    process.platform === 'linux'
      ? new XdgAutostartService({ folder: autostartFolder(process.env) })
      : undefined;
  let applied: boolean | undefined;
  let queue = Promise.resolve();

  const applyNow = async (wanted: boolean): Promise<void> => {
    const action = loginItemActionFor({
      platform: process.platform,
      wanted,
      launch,
      current: currentLoginItem(launch),
    });
    if (action.kind === 'none') {
      logger.info('Start with the session: nothing to change', { wanted, reason: action.reason });
    } else if (action.kind === 'loginItem') {
      app.setLoginItemSettings(action.settings);
      logger.info('Start with the session: login item set', { ...action.settings });
    } else if (autostart) {
      const outcome = await autostart.apply(action.exec);
      if (outcome.kind === 'keptUserEntry') {
        logger.warn(
          'Start with the session: the autostart entry was changed outside the app and is left as it is; remove the file, then turn the setting off and on again, to let the app manage it',
          { ...outcome },
        );
      } else {
        logger.info('Start with the session: autostart entry', { ...outcome });
      }
    }
  };

  const apply = (wanted: boolean): void => {
    if (wanted === applied) return;
    applied = wanted;
    queue = queue
      .then(() => applyNow(wanted))
      .catch((error: unknown) => {
        applied = undefined;
        logger.error(
          'Start with the session could not be applied; turn the setting off and on again, or see the error',
          { wanted, error },
        );
      });
  };

  apply(settings.get().startAtLogin);
  return settings.onDidChange((next) => apply(next.startAtLogin));
}

/**
 * Whether this process is a start at login (no window: the tray and the monitor run). On
 * macOS, `wasOpenedAtLogin` (electron/electron#42411) stands in for the flag SMAppService
 * cannot pass.
 */
export function isStartAtLogin(): boolean {
  return startsHidden({
    platform: process.platform,
    argv: process.argv,
    wasOpenedAtLogin: process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin,
  });
}
