import { powerSaveBlocker } from 'electron';
import type { SuspendBlocker } from '../app/keep-awake';

/** Electron's power save blocker: the app keeps running, the display may still sleep. */
export const electronSuspendBlocker: SuspendBlocker = {
  start: () => powerSaveBlocker.start('prevent-app-suspension'),
  stop: (id) => {
    if (powerSaveBlocker.isStarted(id)) powerSaveBlocker.stop(id);
  },
};
