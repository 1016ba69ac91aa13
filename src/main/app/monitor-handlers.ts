import type { MonitorService } from '../services/monitor/monitor-service';
import type { IpcHandlers } from '../services/ipc/ipc-router';

type MonitorChannel =
  | 'monitor:list'
  | 'monitor:getHistory'
  | 'monitor:getSessions'
  | 'monitor:sampleNow'
  | 'monitor:setWatched';

/**
 * Handlers of the monitor channels. Views read what main's monitor sampled; "sample now"
 * moves the instance's next read forward instead of making a request of its own.
 */
export function createMonitorHandlers(monitor: MonitorService): Pick<IpcHandlers, MonitorChannel> {
  return {
    'monitor:list': () => Promise.resolve(monitor.list()),
    'monitor:getHistory': ({ profileId, instanceName, range }) =>
      monitor.history({ profileId, instanceName }, range),
    'monitor:getSessions': (ref) => Promise.resolve(monitor.sessions(ref)),
    'monitor:sampleNow': (ref) => {
      monitor.sampleNow(ref);
      return Promise.resolve(undefined);
    },
    'monitor:setWatched': ({ profileId, instanceName, watched }) =>
      monitor.setWatched({ profileId, instanceName }, watched),
  };
}
