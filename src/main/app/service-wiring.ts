import type { PolicyState } from '../../shared/model/policy';
import { createAudit, openTrail, type Audit, type TrailPlace } from '../services/audit/audit-setup';
import type { AuditTrail } from '../services/audit/audit-trail';
import type { AuditOnFailure } from '../services/audit/audit-failure';
import type { AuditSource } from '../services/audit/call-auditor';
import { profilesFile, settingsFile } from '../services/config/app-paths';
import type { Logger } from '../services/log/logger';
import { loadPolicy } from '../services/policy/policy-loader';
import { ProfileStore } from '../services/profiles/profile-store';
import type { SecretStore } from '../services/secrets/secret-store';
import { SecretVault } from '../services/secrets/secret-vault';
import { SettingsStore } from '../services/settings/settings-store';

/*
 * The services of a data folder, each built one way whoever runs them: the window
 * (create-app-services.ts), the command line (cli/connection/connection.ts, its diagnostics)
 * and `monitor serve` (through the command line's connection). Each entry point picks what it
 * needs; none builds the machine policy, the saved connections, the keychain's vault, the
 * settings or the audit trail by hand, so a change to how one is built is made here once.
 * Connections themselves are built by one function too (services/connection/connection.ts),
 * which the window's connection manager and the command line both call.
 */

/** A policy that is not valid, as the entry point says so (the log, stderr). */
export type InvalidPolicy = Extract<PolicyState, { status: 'invalid' }>;

/**
 * This machine's policy for a run (`env` names a test folder's). A bad one is ignored as a
 * whole, and handed to `onInvalid` to be said where the program speaks.
 */
export async function machinePolicyOf(
  env: Readonly<Record<string, string | undefined>>,
  onInvalid: (state: InvalidPolicy) => void,
): Promise<PolicyState> {
  const state = await loadPolicy({ platform: process.platform, env });
  if (state.status === 'invalid') onInvalid(state);
  return state;
}

/** The saved connections of `dataDir`. */
export function profileStoreOf(dataDir: string, logger?: Logger): ProfileStore {
  return new ProfileStore({ file: profilesFile(dataDir), ...(logger ? { logger } : {}) });
}

/** The secrets of the saved connections, in the OS keychain (or a test's memory store). */
export function secretVaultOf(store: SecretStore, logger?: Logger): SecretVault {
  return new SecretVault({ store, ...(logger ? { logger } : {}) });
}

/** The settings of `dataDir` under `policy`, loaded. */
export async function settingsStoreOf(
  dataDir: string,
  logger: Logger,
  policy: PolicyState,
): Promise<SettingsStore> {
  const settings = new SettingsStore({ file: settingsFile(dataDir), logger, policy });
  await settings.load();
  return settings;
}

/** What {@link auditOf} needs: where the trail is, whose changes, and what a failure does. */
export interface AuditWiring extends TrailPlace {
  readonly source: AuditSource;
  /** What a change does when its intent cannot be recorded, read at each change. */
  readonly onFailure: () => AuditOnFailure;
  /** Where the warning of a change made unrecorded goes (besides its record). */
  readonly warn?: (message: string) => void;
}

/** The audit trail of the data folder and the auditor of `source`'s calls. */
export function auditOf(wiring: AuditWiring): Audit {
  return createAudit(wiring);
}

/** The audit trail of the data folder alone, to read (`databridge audit list`). */
export function trailOf(place: TrailPlace): AuditTrail {
  return openTrail(place);
}
