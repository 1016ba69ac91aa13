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
      const state = monitor
        .list()
        .watched.find((s) => s.profileId === ref.profileId && s.instanceName === ref.instanceName);
      if (!state) return undefined;
      // The sample the sessions were taken in: its job counts come from the job watcher here.
      const latest = state.latest ? { latest: state.latest } : {};
      return { ...monitor.sessions(ref), region: regionOf(ref.profileId), ...latest };
    },
    health: () =>
      servedHealth(monitor.list().watched, now(), FRESH_INTERVALS * intervalSeconds * 1000),
  };
}
