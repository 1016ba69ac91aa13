import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { createAppServices } from '../../src/main/app/create-app-services';
import { createDispatcher } from '../../src/main/services/http/dispatcher';
import { silentLogger } from '../../src/main/services/log/logger';
import { MemorySecretStore } from '../../src/main/services/secrets/secret-store';

/*
 * The app reading a team monitor, for the serve part of the monitor bench: the app's own
 * services (profiles, keychain, connections, job watcher, MonitorService) as the app wires
 * them, with one profile per connection of `monitor serve`, each naming the serve process as
 * its team monitor and holding its bearer token. Every request the app makes goes through
 * one counting dispatcher, so what it asks of the service and of the team monitor is counted
 * on the wire, whatever part of the app asks.
 */

/** What the team-reading app has done so far. */
export interface TeamAppCounts {
  /** Its reads of an instance's sessions or jobs from the service. */
  readonly serviceReads: number;
  /** Its reads of the service's instance list (the watch list's rediscovery). */
  readonly instanceLists: number;
  /** Its other requests to the service (sign-in, tokens). */
  readonly otherService: number;
  /** Its requests to the team monitor. */
  readonly teamReads: number;
  /** The new samples its monitor got, and those that carried a blocking chain. */
  readonly samples: number;
  readonly blockedSamples: number;
}

type ServiceKind = 'serviceReads' | 'instanceLists' | 'otherService';

function serviceKind(path: string): ServiceKind {
  const bare = path.split('?')[0] ?? path;
  if (/^\/databridge\/v1\/sql-instances\/[^/]+\/sessions$/.test(bare)) return 'serviceReads';
  if (/\/jobs/.test(bare)) return 'serviceReads';
  if (/^\/databridge\/v1\/sql-instances\/?$/.test(bare)) return 'instanceLists';
  return 'otherService';
}

/** `base` reporting each request's origin and path, and its time once the answer ended. */
function countingDispatcher(
  base: Dispatcher,
  report: (origin: string, path: string) => void,
  timed: (origin: string, ms: number) => void,
): Dispatcher {
  return base.compose((dispatch) => (options, handler) => {
    const origin = new URL(String(options.origin)).origin;
    report(origin, options.path);
    if (typeof handler.onResponseEnd !== 'function') return dispatch(options, handler);
    const started = performance.now();
    const wrapped: Dispatcher.DispatchHandler = {
      onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, status, headers, socket) =>
        handler.onRequestUpgrade?.(controller, status, headers, socket),
      onResponseStart: (controller, status, headers, text) =>
        handler.onResponseStart?.(controller, status, headers, text),
      onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      onResponseEnd: (controller, trailers) => {
        timed(origin, performance.now() - started);
        handler.onResponseEnd?.(controller, trailers);
      },
      onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
    };
    return dispatch(options, wrapped);
  });
}

/** Options of {@link startTeamApp}. */
export interface TeamAppOptions {
  /** The team monitor (`monitor serve`) and its bearer token. */
  readonly teamUrl: string;
  readonly token: string;
  /** The service the profiles sign in to. */
  readonly serviceUrl: string;
  readonly apiKey: string;
  /** The profiles, named like the team monitor's connections so each reads its own. */
  readonly profiles: readonly string[];
  readonly intervalSeconds: number;
  readonly dir: string;
}

/** Starts the app, signs its profiles in, and answers its counts and its stop. */
export async function startTeamApp(options: TeamAppOptions) {
  const counts = { serviceReads: 0, instanceLists: 0, otherService: 0, teamReads: 0 };
  const teamReadMs: number[] = [];
  const teamOrigin = new URL(options.teamUrl).origin;
  const dispatcher = countingDispatcher(
    createDispatcher({ env: {} }),
    (origin, path) => {
      if (origin === teamOrigin) counts.teamReads += 1;
      else counts[serviceKind(path)] += 1;
    },
    (origin, ms) => {
      if (origin === teamOrigin) teamReadMs.push(ms);
    },
  );
  const services = await createAppServices({
    dataDir: join(options.dir, 'team-app'),
    secretStore: new MemorySecretStore(),
    logger: silentLogger,
    startEmulator: () => Promise.reject(new Error('The bench starts no built-in emulator')),
    dispatcher,
  });
  await services.settings.update({ sessionRefreshSeconds: options.intervalSeconds });
  let samples = 0;
  let blockedSamples = 0;
  const lastAt = new Map<string, number>();
  services.monitor.onDidChangeInstance((state) => {
    const key = `${state.profileId}\n${state.instanceName}`;
    const at = state.latest?.at ?? 0;
    if (at === (lastAt.get(key) ?? 0)) return;
    lastAt.set(key, at);
    samples += 1;
    if ((state.latest?.blocked ?? 0) > 0) blockedSamples += 1;
  });
  for (const name of options.profiles) {
    const profile = await services.profiles.create({
      name,
      target: { kind: 'custom', baseUrl: options.serviceUrl },
      auth: { kind: 'apiKey' },
      teamMonitor: { url: options.teamUrl },
    });
    await services.secrets.setTeamMonitorToken(profile.id, options.token, teamOrigin);
    await services.connections.connect(profile.id, { apiKey: options.apiKey });
  }
  return {
    counts: (): TeamAppCounts => ({ ...counts, samples, blockedSamples }),
    teamReadMs,
    stop: async () => {
      await services.shutdown();
      await dispatcher.close();
    },
  };
}

export type TeamApp = Awaited<ReturnType<typeof startTeamApp>>;
