import { contextBridge } from 'electron';

// The typed bridge (window.api) is built from the IPC contract; until the
// contract exists the preload only tells the renderer which shell it runs in.
contextBridge.exposeInMainWorld('databridge', { shell: 'electron' });
