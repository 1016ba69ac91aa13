import { readTextIfPresent } from '../common/text-file';
import { release } from 'node:os';
import { isAppError } from '../../../shared/errors';
import { ProfilesFileSchema, type Profile } from '../../../shared/model/profile';
import type { PolicyState } from '../../../shared/model/policy';
import type { SettingInForce } from '../settings/settings-in-force';
import type { SecretVault } from '../secrets/secret-vault';
import { readLogTail } from './log-tail';
import { summarizeJournals } from './journal-summary';

/*
 * The parts of a diagnostics bundle that read the machine's state (versions, settings,
 * profiles, keychain, log, journals). Each answers plain data; redaction comes after, over
 * all of it (bundle-redaction.ts).
 */

/** The versions a bundle names. */
export interface VersionsInput {
  readonly appVersion: string;
  /** `process.versions.electron` in the app; undefined in the CLI. */
  readonly electronVersion?: string;
}

/** versions.json. */
export function versionsOf(input: VersionsInput): unknown {
  return {
    app: input.appVersion,
    electron: input.electronVersion ?? 'not running in Electron (the command line)',
    node: process.versions.node,
    os: { platform: process.platform, release: release(), arch: process.arch },
  };
}

/** settings.json: the settings in force (or why they could not be read) and the machine policy. */
export async function settingsOf(
  read: () => Promise<SettingInForce[]>,
  policy: PolicyState | undefined,
): Promise<unknown> {
  const machinePolicy = policy ?? 'not read by this run';
  try {
    return { settings: await read(), machinePolicy };
  } catch (error) {
    return { error: `The settings could not be read: ${(error as Error).message}`, machinePolicy };
  }
}

/** What the keychain answers, and which secrets each profile has stored in it. */
export interface KeychainInput {
  readonly vault: SecretVault;
  /** The keychain's kind as the user would name it (e.g. "Secret Service (libsecret)"). */
  readonly backend: string;
  /** Each secret read is handed here, to be kept out of the bundle. */
  readonly onSecret: (secret: string) => void;
}

/** keychain.json: whether the keychain answers; never a value. */
export interface KeychainStatus {
  readonly available: boolean;
  readonly backend: string;
  readonly error?: string;
}

/** keychain.json. */
export async function keychainOf(input: KeychainInput): Promise<KeychainStatus> {
  if (input.vault.isSessionOnly) {
    return { available: false, backend: 'session only (memory): the keychain did not answer' };
  }
  const probe = await input.vault.probe();
  return probe.ok
    ? { available: true, backend: input.backend }
    : { available: false, backend: input.backend, error: probe.error.message };
}

/**
 * The profiles of `file` (`profiles.json`), read only: a damaged file is reported, not set
 * aside as the profile store does when the app starts.
 */
export async function readProfilesFile(file: string): Promise<Profile[]> {
  const text = await readTextIfPresent(file);
  if (text === undefined) return [];
  const parsed = ProfilesFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a valid profiles file`);
  return parsed.data.profiles;
}

/** profiles.json: each profile without secrets, with the kinds of secret stored for it. */
export async function profilesOf(
  profiles: readonly Profile[] | Error,
  keychain: KeychainInput & { readonly available: boolean },
): Promise<unknown> {
  if (profiles instanceof Error)
    return { error: `The profiles could not be read: ${profiles.message}` };
  const lines = [];
  for (const profile of profiles) {
    let storedSecrets: string[] | string = 'unknown: the keychain did not answer';
    if (keychain.available) {
      try {
        storedSecrets = await keychain.vault.storedSecretKinds(profile.id, keychain.onSecret);
      } catch (error) {
        if (!isAppError(error)) throw error;
      }
    }
    const { id, name, target, auth, readOnly, isEmulator, teamMonitor } = profile;
    lines.push({ id, name, target, auth, readOnly, isEmulator, teamMonitor, storedSecrets });
  }
  return { profiles: lines };
}

/** Where the log lines come from: the app's log file (the command line keeps none). */
export interface LogInput {
  /** The app's log file (main.log in the logs folder). */
  readonly file: string;
  readonly lines: number;
}

function parsedLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return line;
  }
}

/** log.json. */
export async function logOf(input: LogInput): Promise<unknown> {
  const tail = await readLogTail(input.file, input.lines);
  const note =
    tail.status === 'missing'
      ? `There is no log file at ${tail.file}: the app has not run on this machine as this user, or its logs were removed. The command line writes no log file.`
      : tail.status === 'unreadable'
        ? `The log file ${tail.file} could not be read (${tail.reason}).`
        : undefined;
  return {
    file: tail.file,
    ...(note ? { note } : {}),
    // The app's lines are JSON: kept as objects, so each field is redacted by its name.
    lines: tail.status === 'found' ? tail.lines.map(parsedLine) : [],
  };
}

/** transfers.json over the given journal folders (the app's, the command line's). */
export async function transfersOf(
  folders: Record<string, string>,
): Promise<
  Record<string, { readonly count?: number; readonly folder: string; readonly error?: string }>
> {
  const summaries: Record<
    string,
    { readonly count?: number; readonly folder: string; readonly error?: string }
  > = {};
  for (const [owner, folder] of Object.entries(folders)) {
    try {
      summaries[owner] = await summarizeJournals(folder);
    } catch (error) {
      summaries[owner] = { folder, error: `Could not be read: ${(error as Error).message}` };
    }
  }
  return summaries;
}

/** The system keychain the keytar adapter uses on `platform`, as a person names it. */
export function keychainBackendOf(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'macOS Keychain (keytar)';
  if (platform === 'win32') return 'Windows Credential Manager (keytar)';
  return 'Secret Service over D-Bus, e.g. GNOME Keyring or KWallet (keytar, libsecret)';
}
