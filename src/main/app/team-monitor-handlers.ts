import { AppError, isAppError } from '../../shared/errors';
import type { Profile } from '../../shared/model/profile';
import type { IpcHandlers } from '../services/ipc/ipc-router';
import type { Logger } from '../services/log/logger';
import type { MonitorService } from '../services/monitor/monitor-service';
import { chooseMonitorSource } from '../services/monitor/team-monitor-source';
import type { ProfileStore } from '../services/profiles/profile-store';
import type { SecretVault } from '../services/secrets/secret-vault';

type TeamMonitorChannel = 'profiles:setTeamMonitorToken' | 'profiles:getTeamMonitorTokenStatus';

/** What the team monitor channels and edits need. */
export interface TeamMonitorDeps {
  readonly profiles: ProfileStore;
  readonly secrets: SecretVault;
  readonly monitor: Pick<MonitorService, 'refreshSource'>;
  readonly logger: Logger;
  /** The team monitor the organisation's policy names, for profiles that name none. */
  readonly organisationUrl?: string | undefined;
}

/**
 * The origin of the team monitor a profile reads (its own URL, else the organisation's), where
 * its token may be sent; undefined: none.
 */
function teamOrigin(profile: Profile, organisationUrl: string | undefined): string | undefined {
  const choice = chooseMonitorSource(profile, organisationUrl);
  return choice.kind === 'team' ? new URL(choice.url).origin : undefined;
}

/**
 * Handlers of the team monitor token. The token only goes in: it is stored in the keychain,
 * bound to the origin of the profile's team monitor URL, and the answer says whether one is
 * stored, never what it is.
 */
export function createTeamMonitorHandlers(
  deps: TeamMonitorDeps,
): Pick<IpcHandlers, TeamMonitorChannel> {
  const { profiles, secrets, monitor, organisationUrl } = deps;
  return {
    'profiles:setTeamMonitorToken': async ({ profileId, token }) => {
      const profile = profiles.get(profileId);
      if (token === null) {
        await secrets.forgetTeamMonitorToken(profileId);
        monitor.refreshSource(profileId);
        return { hasToken: false };
      }
      const origin = teamOrigin(profile, organisationUrl);
      if (origin === undefined) {
        throw new AppError({
          code: 'VALIDATION',
          message: 'Enter the team monitor URL first: the token is kept for that address only.',
        });
      }
      await secrets.setTeamMonitorToken(profileId, token, origin);
      monitor.refreshSource(profileId);
      return { hasToken: true };
    },
    'profiles:getTeamMonitorTokenStatus': async ({ profileId }) => {
      const origin = teamOrigin(profiles.get(profileId), organisationUrl);
      if (origin === undefined) return { hasToken: false };
      return { hasToken: (await secrets.getTeamMonitorToken(profileId, origin)) !== undefined };
    },
  };
}

/**
 * After a profile's edit: a team monitor URL cleared or pointed at another origin drops the
 * token given for the old one (it must not follow the URL elsewhere), and the monitor reads
 * from wherever the profile points now.
 */
export async function applyTeamMonitorEdit(
  before: Profile,
  after: Profile,
  deps: TeamMonitorDeps,
): Promise<void> {
  const was = teamOrigin(before, deps.organisationUrl);
  const moved = was !== teamOrigin(after, deps.organisationUrl);
  if (moved && was !== undefined) await forgetTeamMonitorToken(after.id, deps);
  const changed = before.teamMonitor?.url !== after.teamMonitor?.url || before.name !== after.name;
  if (changed) deps.monitor.refreshSource(after.id);
}

/** Forgets a profile's team monitor token; without a keychain there is none to forget. */
export async function forgetTeamMonitorToken(
  profileId: string,
  deps: Pick<TeamMonitorDeps, 'secrets' | 'logger'>,
): Promise<void> {
  try {
    await deps.secrets.forgetTeamMonitorToken(profileId);
  } catch (error) {
    if (!isAppError(error) || error.code !== 'KEYCHAIN_UNAVAILABLE') throw error;
    deps.logger.warn('Could not forget the team monitor token of a profile', { error });
  }
}
