import type { MonitorInstanceRef } from '../../../shared/model/monitor';
import type {
  ServedError,
  ServedHealth,
  ServedInstances,
  ServedSessions,
} from '../../../shared/model/monitor-serve';

/** What the JSON endpoints read of the monitor. */
export interface ServeApi {
  instances(): ServedInstances;
  /** The last sessions of a watched instance; undefined when it is not watched. */
  sessions(ref: MonitorInstanceRef): ServedSessions | undefined;
  health(): ServedHealth;
}

/** A JSON answer. */
interface JsonAnswer {
  readonly status: number;
  readonly body: ServedInstances | ServedSessions | ServedHealth | ServedError;
}

/** A request's handler: its name (the `handler` label of the request counter) and answer. */
interface Route {
  readonly handler: string;
  readonly answer: (api: ServeApi) => JsonAnswer;
}

const notFound = (message: string): JsonAnswer => ({
  status: 404,
  body: { error: { code: 'NOT_FOUND', message } },
});

const SESSIONS = /^\/api\/v1\/instances\/([^/]+)\/([^/]+)\/sessions\/?$/;

/** Decodes a path segment; undefined when it is not valid percent-encoding. */
function segment(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The route of a request's URL (its query is ignored). */
export function routeOf(url: string): Route {
  const path = url.split('?')[0] ?? '/';
  if (path === '/metrics') return { handler: '/metrics', answer: () => notFound('') };
  if (path === '/healthz') {
    return {
      handler: '/healthz',
      answer: (api) => {
        const health = api.health();
        return { status: health.status === 'ok' ? 200 : 503, body: health };
      },
    };
  }
  if (path === '/api/v1/instances' || path === '/api/v1/instances/') {
    return {
      handler: '/api/v1/instances',
      answer: (api) => ({ status: 200, body: api.instances() }),
    };
  }
  const match = SESSIONS.exec(path);
  if (match) {
    return {
      handler: '/api/v1/instances/{profile}/{instance}/sessions',
      answer: (api) => {
        const profileId = segment(match[1] ?? '');
        const instanceName = segment(match[2] ?? '');
        const sessions =
          profileId && instanceName ? api.sessions({ profileId, instanceName }) : undefined;
        return sessions
          ? { status: 200, body: sessions }
          : notFound(`No watched instance ${instanceName ?? ''} of ${profileId ?? ''}.`);
      },
    };
  }
  return {
    handler: 'other',
    answer: () =>
      notFound(
        'Not here: /metrics, /healthz, /api/v1/instances, /api/v1/instances/{profile}/{instance}/sessions.',
      ),
  };
}
