import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { DROPPED_FILE_CHANNEL } from '../shared/ipc/channel-names';
import { createBridge } from './bridge';

/*
 * The preload: exposes `window.api` (invoke, on, getPathForFile) built from the IPC
 * contract's channel lists. `ipcRenderer` itself never crosses into the page.
 */
const api = createBridge({
  invoke: (channel, input) => ipcRenderer.invoke(channel, input),
  subscribe: (event, listener) => {
    const forward = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(event, forward);
    return () => {
      ipcRenderer.removeListener(event, forward);
    };
  },
  // Dropped files: the renderer sees File objects; their paths exist only here. Main learns
  // each path from here first (a channel the page cannot use), so it may read that file.
  getPathForFile: (file) => {
    const path = webUtils.getPathForFile(file);
    if (path) ipcRenderer.sendSync(DROPPED_FILE_CHANNEL, path);
    return path;
  },
});

contextBridge.exposeInMainWorld('api', api);
