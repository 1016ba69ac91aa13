import type { Session } from '../../../shared/contract/records/sessions';
import { AppError, isAppError } from '../../../shared/errors';
import type { Profile } from '../../../shared/model/profile';
import type { ServedInstances } from '../../../shared/model/monitor-serve';
import type { JobCounts } from './session-sample';
import type { TeamMonitorClient } from './team-monitor-client';

/** One read of an instance's sessions, wherever the monitor read them. */
export interface SessionsRead {
  readonly sessions: readonly Session[];
  /** When the sessions were read from the service (epoch ms); default: when this read ended. */
  readonly takenAt?: number;
  /** The instance's job counts of that read, when the source kept them (a team monitor). */
  readonly jobs?: JobCounts;
}

/** Where a profile's sessions are read instead of the service: a team monitor. */
export interface SessionSource {
  /** The team monitor's URL, as the Monitor view names it. */
  readonly url: string;
  readSessions(instanceName: string, signal: AbortSignal): Promise<SessionsRead>;
}

/** Where the monitor reads a profile's sessions: the service, or a team monitor at `url`. */
export type MonitorSourceChoice =
  { readonly kind: 'service' } | { readonly kind: 'team'; readonly url: string };

/**
 * The source of a profile's samples: the team monitor its own URL names, else the one the
 * organisation's policy names (`teamMonitorUrl`), except for the local emulator, which no team
 * monitor serves; else the service. A profile with a team monitor is read there and only
 * there: falling back to the service when the team monitor fails would multiply the service's
 * reads by the number of admins exactly when something is wrong.
 */
export function chooseMonitorSource(
  profile: Pick<Profile, 'teamMonitor'> & { readonly isEmulator?: boolean },
  organisationUrl?: string,
): MonitorSourceChoice {
  const own = profile.teamMonitor?.url.trim();
  const url = own || (profile.isEmulator === true ? undefined : organisationUrl?.trim());
  return url ? { kind: 'team', url } : { kind: 'service' };
}

/**
 * The team monitor's connection an instance of the profile is served under: the one connection
 * that watches an instance of that name; among several, the one named like the profile. The
 * server names connections in its own configuration, which the app cannot know otherwise.
 */
export function chooseTeamConnection(
  served: Pick<ServedInstances, 'watched'>,
  wanted: { readonly profileName: string; readonly instanceName: string; readonly url: string },
): string {
  const names = [
    ...new Set(
      served.watched.filter((s) => s.instanceName === wanted.instanceName).map((s) => s.profileId),
    ),
  ];
  const [only] = names;
  if (names.length === 1 && only !== undefined) return only;
  const lower = wanted.profileName.toLowerCase();
  const named = names.find((name) => name.toLowerCase() === lower);
  if (named !== undefined) return named;
  const where = `The team monitor at ${wanted.url}`;
  if (names.length === 0) {
    throw new AppError({
      code: 'NOT_FOUND',
      message: `${where} does not watch ${wanted.instanceName}. Ask its operator to add it, or clear the team monitor URL in this connection’s settings to read the service directly.`,
    });
  }
  throw new AppError({
    code: 'CONFLICT',
    message: `${where} watches ${wanted.instanceName} in several connections (${names.join(', ')}). Name this connection like one of them, or clear the team monitor URL to read the service directly.`,
  });
}

/** Options of {@link TeamMonitorSource}. */
export interface TeamMonitorSourceOptions {
  readonly client: TeamMonitorClient;
  /** The app profile's name: picks among the team monitor's connections. */
  readonly profileName: string;
}

/**
 * A profile's sessions read from a team monitor: per instance per interval one read of its
 * last sessions there, and the service is never asked. The team monitor's own trouble with an
 * instance (stale, signed out, not sampled yet) is an error naming its URL, so the instance
 * shows as not sampled here rather than as an old sample that looks fresh.
 */
export class TeamMonitorSource implements SessionSource {
  readonly url: string;
  readonly #options: TeamMonitorSourceOptions;
  /** The team monitor's connection of each instance, once known. */
  readonly #connections = new Map<string, string>();
  #listing: Promise<ServedInstances> | undefined;

  constructor(options: TeamMonitorSourceOptions) {
    this.#options = options;
    this.url = options.client.url;
  }

  async readSessions(instanceName: string, signal: AbortSignal): Promise<SessionsRead> {
    const profileId = await this.#connectionOf(instanceName, signal);
    let served;
    try {
      served = await this.#options.client.sessions({ profileId, instanceName }, signal);
    } catch (error) {
      // The server's configuration may have changed: find the connection again next time.
      if (isAppError(error) && error.code === 'NOT_FOUND') this.#connections.delete(instanceName);
      throw error;
    }
    const fresh = served.health !== 'stale' && served.health !== 'signedOut';
    if (served.takenAt === undefined || !fresh) {
      const why = served.problem ? `: ${served.problem}` : '';
      throw new AppError({
        code: 'UNAVAILABLE',
        message: `The team monitor at ${this.url} has no fresh sample of ${instanceName} (${served.health}${why}). Check the team monitor, or clear its URL in this connection’s settings to read the service directly.`,
      });
    }
    const latest = served.latest;
    return {
      sessions: served.sessions,
      takenAt: served.takenAt,
      ...(latest ? { jobs: { running: latest.jobsRunning, failed: latest.jobsFailed } } : {}),
    };
  }

  async #connectionOf(instanceName: string, signal: AbortSignal): Promise<string> {
    const known = this.#connections.get(instanceName);
    if (known !== undefined) return known;
    // One listing answers every instance of the profile that starts at the same time.
    this.#listing ??= this.#options.client.instances(signal).finally(() => {
      this.#listing = undefined;
    });
    const served = await this.#listing;
    const name = chooseTeamConnection(served, {
      profileName: this.#options.profileName,
      instanceName,
      url: this.url,
    });
    this.#connections.set(instanceName, name);
    return name;
  }
}
