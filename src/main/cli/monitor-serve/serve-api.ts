import type { MonitorInstanceRef } from '../../../shared/model/monitor';
import type { MonitorService } from '../../services/monitor/monitor-service';
import { FRESH_INTERVALS, servedHealth } from '../../services/monitor/serve/served-state';
import type { ServeApi } from './serve-routes';

/** What {@link serveApi} reads. */
interface ServeApiSource {
  readonly monitor: MonitorService;
  readonly regionOf: (profileId: string) => string;
  readonly now: () => number;
  readonly intervalSeconds: number;
}

/** The JSON answers, read from the monitor's last states (never from the service). */
export function serveApi(source: ServeApiSource): ServeApi {
  const { monitor, regionOf, now, intervalSeconds } = source;
  return {
    instances: () => {
      const list = monitor.list();
      return {
        generatedAt: now(),
        intervalSeconds,
        watched: list.watched.map((state) => ({ ...state, region: regionOf(state.profileId) })),
        unwatched: list.unwatched,
      };
    },
    sessions: (ref: MonitorInstanceRef) => {
      const watched = monitor.list().watched;
      const known = watched.some(
        (s) => s.profileId === ref.profileId && s.instanceName === ref.instanceName,
      );
      return known ? { ...monitor.sessions(ref), region: regionOf(ref.profileId) } : undefined;
    },
    health: () =>
      servedHealth(monitor.list().watched, now(), FRESH_INTERVALS * intervalSeconds * 1000),
  };
}
