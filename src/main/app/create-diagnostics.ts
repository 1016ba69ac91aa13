import { defaultMainLogFile, journalFolders } from '../services/config/app-paths';
import { keychainBackendOf } from '../services/diagnostics/bundle-contents';
import { DiagnosticsService } from '../services/diagnostics/diagnostics-service';
import type { ProfileStore } from '../services/profiles/profile-store';
import type { SecretStore } from '../services/secrets/secret-store';
import type { SecretVault } from '../services/secrets/secret-vault';
import { settingsInForceOf } from '../services/settings/settings-in-force';
import type { SettingsStore } from '../services/settings/settings-store';
import type { PolicyState } from '../../shared/model/policy';
import type { Settings } from '../../shared/model/settings';

/** What the app's diagnostics bundle reads, from the options of the app's services. */
export interface AppDiagnosticsOptions {
  readonly dataDir: string;
  readonly secretStore: SecretStore;
  /** The app's log file; default `<dataDir>/logs/main.log` (the harness has none: the bundle says so). */
  readonly logFile?: string;
  readonly appVersion?: string;
  /** `process.versions.electron` in the app; none in the browser harness. */
  readonly electronVersion?: string;
  /** The system's proxy for a URL (Electron's `session.resolveProxy`); none in the harness. */
  readonly systemProxy?: (url: string) => Promise<string>;
}

/** The services the bundle reads. */
export interface AppDiagnosticsParts {
  readonly profiles: ProfileStore;
  readonly secrets: SecretVault;
  readonly settings: SettingsStore;
  readonly policy: PolicyState;
}

/** The app's diagnostics: the window's data folder, log, keychain and network choice. */
export function createDiagnostics(
  options: AppDiagnosticsOptions,
  parts: AppDiagnosticsParts,
): DiagnosticsService {
  const { dataDir } = options;
  return new DiagnosticsService({
    versions: {
      appVersion: options.appVersion ?? 'unknown',
      ...(options.electronVersion ? { electronVersion: options.electronVersion } : {}),
    },
    settingsInForce: () => Promise.resolve(settingsInForceOf(parts.settings)),
    policy: parts.policy,
    profiles: () => Promise.resolve(parts.profiles.list()),
    vault: parts.secrets,
    keychainBackend:
      options.secretStore.kind === 'keychain'
        ? keychainBackendOf(process.platform)
        : 'memory (no system keychain in this shell)',
    log: { file: options.logFile ?? defaultMainLogFile(dataDir, 'linux') },
    journalFolders: journalFolders(dataDir),
    network: {
      // The proxy choice the app's dispatcher was made with (app-network.ts).
      ...proxySettingsOf(parts.settings.get()),
      proxySource: 'settings',
      ...(options.systemProxy ? { systemProxy: options.systemProxy } : {}),
      env: process.env,
    },
  });
}

function proxySettingsOf(settings: Settings): { proxyUrl?: string; proxyPacUrl?: string } {
  const { proxyUrl, proxyPacUrl } = settings;
  return { ...(proxyUrl ? { proxyUrl } : {}), ...(proxyPacUrl ? { proxyPacUrl } : {}) };
}
