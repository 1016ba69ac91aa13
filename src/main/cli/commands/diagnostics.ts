import { resolve } from 'node:path';
import {
  defaultDataDir,
  defaultMainLogFile,
  journalFolders,
  profilesFile,
  settingsFile,
} from '../../services/config/app-paths';
import { keychainBackendOf, readProfilesFile } from '../../services/diagnostics/bundle-contents';
import { DiagnosticsService, summaryLine } from '../../services/diagnostics/diagnostics-service';
import { MemorySecretStore, type SecretStore } from '../../services/secrets/secret-store';
import { secretVaultOf } from '../../app/service-wiring';
import { readSettingsInForce } from '../../services/settings/settings-in-force';
import { UsageError } from '../args/operation-args';
import { cliVersion } from '../build-info';
import {
  DIAGNOSTICS_HELP,
  parseDiagnosticsArgs,
  type DiagnosticsCommand,
} from '../args/diagnostics-args';
import { EXIT, reportFailure } from '../output/exit-codes';
import { loadCliPolicy } from '../connection/policy-rules';

/** What `diagnostics` talks to. */
export interface DiagnosticsCliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The keychain (the CLI's keytar adapter); none: reported as not available. */
  readonly secretStore?: () => SecretStore;
}

/** The secrets the command line may have been given through its environment. */
const SECRET_VARIABLES = ['DATABRIDGE_API_KEY', 'DATABRIDGE_PASSWORD'];

/**
 * `databridge diagnostics --out FILE`: writes the bundle, then prints where and a one-line
 * summary. Exit code 0 when written (hosts that did not answer are part of the report, not a
 * failure), 1 when it could not be written, 2 for a bad command line.
 */
export async function runDiagnosticsCli(
  argv: readonly string[],
  io: DiagnosticsCliIo,
): Promise<number> {
  let command: DiagnosticsCommand;
  try {
    command = parseDiagnosticsArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`usage: ${error.message}\n`);
    return EXIT.usage;
  }
  if (command.kind === 'help') {
    io.stdout(DIAGNOSTICS_HELP + '\n');
    return EXIT.ok;
  }
  const dataDir = command['data-dir'] ?? defaultDataDir(process.platform, io.env);
  const store = io.secretStore?.();
  const policy = await loadCliPolicy(io.env, io.stderr);
  const service = new DiagnosticsService({
    versions: { appVersion: cliVersion() },
    settingsInForce: () => readSettingsInForce(settingsFile(dataDir), policy),
    policy,
    profiles: () => readProfilesFile(profilesFile(dataDir)),
    vault: secretVaultOf(store ?? new MemorySecretStore()),
    keychainBackend: store ? keychainBackendOf(process.platform) : 'none given to this run',
    log: { file: defaultMainLogFile(dataDir) },
    journalFolders: journalFolders(dataDir),
    network: {
      ...(command.proxy ? { proxyUrl: command.proxy } : {}),
      proxySource: 'command line',
      env: io.env,
    },
    ...(command.check ? { serviceUrls: command.check } : {}),
    stepTimeoutMs: command.timeout * 1000,
    logLines: command.lines,
    secrets: SECRET_VARIABLES.flatMap((name) => io.env[name] ?? []),
  });
  const file = resolve(command.out);
  try {
    const summary = await service.write({
      file,
      force: command.force,
      onProgress: (step) => io.stderr(`${step}...\n`),
    });
    io.stdout(`Wrote ${summary.file}\n`);
    io.stdout(`${summaryLine(summary)}\n`);
    return EXIT.ok;
  } catch (error) {
    return reportFailure(error, { stderr: io.stderr, redact: (text) => text, verbose: false });
  }
}
