import { AppError } from '../../shared/errors';
import type { IpcHandlers } from '../services/ipc/ipc-router';
import type { SettingsStore } from '../services/settings/settings-store';
import type { AppIdentity } from './app-handlers';
import { isAllowedExternalUrl } from './external-links';
import type { PathProvenance } from './path-provenance';
import type { PlatformPort } from './platform-port';

type ShellChannel =
  | 'app:getInfo'
  | 'app:rendererReady'
  | 'settings:get'
  | 'settings:update'
  | 'settings:getPolicy'
  | 'dialog:chooseFiles'
  | 'dialog:chooseFolder'
  | 'shell:openPath'
  | 'shell:showItemInFolder'
  | 'shell:openExternal'
  | 'files:startDrag';

/** What the app, settings, dialog and shell handlers need. */
export interface ShellHandlerDeps {
  readonly app: AppIdentity;
  readonly platform: PlatformPort;
  readonly settings: SettingsStore;
  readonly provenance: PathProvenance;
}

function unknownPath(): AppError {
  return new AppError({
    code: 'FORBIDDEN',
    message: 'The app opens only files and folders it chose or wrote itself.',
  });
}

/** Handlers of the app, settings, dialog, shell and drag channels. */
export function createShellHandlers(deps: ShellHandlerDeps): Pick<IpcHandlers, ShellChannel> {
  const { platform, provenance } = deps;
  return {
    'app:getInfo': () =>
      Promise.resolve({
        versions: { electron: null, chromium: null, node: process.versions.node },
        ...deps.app,
        shell: platform.shell,
        features: { ...platform.features },
      }),
    'app:rendererReady': (_input, context) => {
      context.markRendererReady();
      return Promise.resolve(undefined);
    },
    'settings:get': () => Promise.resolve(deps.settings.get()),
    'settings:update': (patch) => deps.settings.update(patch),
    'settings:getPolicy': () =>
      Promise.resolve({ policy: deps.settings.policy(), sources: deps.settings.sources() }),
    'dialog:chooseFiles': async (input) => {
      const paths = await platform.chooseFiles(input ?? {});
      provenance.chosenFiles(...paths);
      return { paths };
    },
    'dialog:chooseFolder': async (input) => {
      const path = await platform.chooseFolder(input ?? {});
      provenance.chosenFolder(path);
      return { path: path ?? null };
    },
    'shell:openPath': async ({ path }) => {
      // Opening a file runs its default application (for an executable: the file itself).
      if (!provenance.has(path)) throw unknownPath();
      await platform.openPath(path);
    },
    'shell:showItemInFolder': ({ path }) => {
      // Showing a file opens nothing, but a page script must not learn what exists either.
      if (!provenance.has(path)) throw unknownPath();
      platform.showItemInFolder(path);
      return Promise.resolve(undefined);
    },
    'shell:openExternal': async ({ url }) => {
      if (!isAllowedExternalUrl(url)) {
        throw new AppError({
          code: 'FORBIDDEN',
          message: 'The app opens only https links to known sites. Copy the link instead.',
        });
      }
      await platform.openExternal(url);
    },
    'files:startDrag': ({ paths }) => {
      if (!platform.features.nativeDrag) {
        throw new AppError({
          code: 'VALIDATION',
          message: 'Dragging files out of the app is not available in the browser harness.',
        });
      }
      if (!paths.every((path) => provenance.has(path))) throw unknownPath();
      platform.startDrag(paths);
      return Promise.resolve(undefined);
    },
  };
}
