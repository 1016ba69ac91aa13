import type { IpcHandlers } from '../services/ipc/ipc-router';
import type { AppEventBus } from '../services/ipc/app-event-bus';
import type { ConnectionManager } from '../services/connection/connection-manager';
import type { OpenConnectionsService } from '../services/connection/open-connections';
import type { ProfileStore, ProfilesLoadResult } from '../services/profiles/profile-store';
import type { SecretVault } from '../services/secrets/secret-vault';
import {
  applyTeamMonitorEdit,
  createTeamMonitorHandlers,
  forgetTeamMonitorToken,
  type TeamMonitorDeps,
} from './team-monitor-handlers';

type ProfileChannel =
  | 'profiles:list'
  | 'profiles:create'
  | 'profiles:update'
  | 'profiles:duplicate'
  | 'profiles:delete'
  | 'profiles:setTeamMonitorToken'
  | 'profiles:getTeamMonitorTokenStatus'
  | 'session:connect'
  | 'session:test'
  | 'session:disconnect'
  | 'session:getStates'
  | 'session:listOpen'
  | 'session:open'
  | 'session:close'
  | 'session:getKeychainStatus'
  | 'session:enableSessionOnly'
  | 'emulator:createProfile';

/** What the profile, session and emulator handlers need. */
export interface ProfileHandlerDeps {
  readonly profiles: ProfileStore;
  /** What loading the profiles file found at start-up (a damaged file is reported once). */
  readonly loaded: ProfilesLoadResult;
  readonly connections: ConnectionManager;
  readonly openConnections: OpenConnectionsService;
  readonly secrets: SecretVault;
  readonly bus: AppEventBus;
  readonly monitor: TeamMonitorDeps['monitor'];
  readonly logger: TeamMonitorDeps['logger'];
  readonly organisationUrl?: TeamMonitorDeps['organisationUrl'];
}

/** What the team monitor's handlers take of the profile handlers' deps. */
function pick(
  deps: ProfileHandlerDeps,
): Pick<TeamMonitorDeps, 'monitor' | 'logger' | 'organisationUrl'> {
  return { monitor: deps.monitor, logger: deps.logger, organisationUrl: deps.organisationUrl };
}

/**
 * Handlers of the profile, session and emulator channels. A secret travels only inward (the
 * connect form); what goes back is the profile and the sign-in state, neither of which holds
 * one.
 */
export function createProfileHandlers(deps: ProfileHandlerDeps): Pick<IpcHandlers, ProfileChannel> {
  const { profiles, connections, openConnections, secrets, bus } = deps;
  const team: TeamMonitorDeps = { profiles, secrets, ...pick(deps) };
  const changed = <T>(result: T): T => {
    bus.emit('profiles:onDidChange', { profiles: profiles.list() });
    return result;
  };
  return {
    'profiles:list': () =>
      Promise.resolve({
        profiles: profiles.list(),
        ...(deps.loaded.damaged ? { damaged: deps.loaded.damaged } : {}),
      }),
    'profiles:create': async (input) => changed(await profiles.create(input)),
    // Through the connections: an edit that points the profile elsewhere discards its secrets.
    'profiles:update': async ({ id, profile }) => {
      const before = profiles.get(id);
      const after = await connections.updateProfile(id, profile);
      await applyTeamMonitorEdit(before, after, team);
      return changed(after);
    },
    'profiles:duplicate': async ({ id }) => changed(await profiles.duplicate(id)),
    'profiles:delete': async ({ id }) => {
      await connections.removeProfile(id);
      await forgetTeamMonitorToken(id, team);
      await openConnections.close(id);
      changed(undefined);
    },
    ...createTeamMonitorHandlers(team),
    'session:connect': ({ profileId, secret, remember }) =>
      connections.connect(profileId, secret, remember === undefined ? {} : { remember }),
    'session:test': ({ profile, secret }) => connections.test(profile, secret),
    'session:disconnect': async ({ profileId }) => {
      await connections.disconnect(profileId);
      await openConnections.close(profileId);
    },
    'session:getStates': () =>
      Promise.resolve(profiles.list().map((profile) => connections.state(profile.id))),
    // What a renderer asks for when it (re)loads: main's list, never the page's own memory.
    'session:listOpen': () => Promise.resolve(openConnections.list()),
    'session:open': ({ profileId }) => openConnections.open(profileId),
    'session:close': ({ profileId }) => openConnections.close(profileId),
    'session:getKeychainStatus': async () => {
      if (secrets.isSessionOnly) return { available: false, sessionOnly: true };
      const probe = await secrets.probe();
      return { available: probe.ok, sessionOnly: false };
    },
    'session:enableSessionOnly': () => {
      secrets.enableSessionOnly();
      return Promise.resolve(undefined);
    },
    'emulator:createProfile': async () => {
      const before = profiles.list().length;
      const profile = await profiles.ensureEmulatorProfile();
      return profiles.list().length === before ? profile : changed(profile);
    },
  };
}
