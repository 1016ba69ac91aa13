import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
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
  // Dropped files: the renderer sees File objects; their paths exist only here.
  getPathForFile: (file) => webUtils.getPathForFile(file),
});

contextBridge.exposeInMainWorld('api', api);
