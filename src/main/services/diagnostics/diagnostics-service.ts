import type { Profile } from '../../../shared/model/profile';
import { RegionSchema } from '../../../shared/contract/enums';
import { serviceEndpoints } from '../config/regions';
import {
  createDispatcher,
  networkOf,
  proxyResolverOf,
  type DispatcherOptions,
} from '../http/dispatcher';
import type { SecretVault } from '../secrets/secret-vault';
import type { SettingInForce } from '../settings/settings-in-force';
import {
  keychainOf,
  logOf,
  profilesOf,
  settingsOf,
  transfersOf,
  versionsOf,
  type LogInput,
  type VersionsInput,
} from './bundle-contents';
import { writeBundleFile } from './bundle-file';
import type { PolicyState } from '../../../shared/model/policy';
import type { BundleEntryName } from './bundle-manifest';
import { redactedZip } from './bundle-zip';
import { BundleRedactor } from './bundle-redaction';
import { summarizeCa } from './ca-summary';
import { checkHost, type HostCheck } from './connectivity-check';
import { describeProxyRoute, describeProxySource, type ProxyOrigin } from './proxy-route';

/** The network the bundle describes and checks: the app's (or the command's) proxy choice. */
interface DiagnosticsNetwork {
  /** The proxy URL of the settings or `--proxy`. */
  readonly proxyUrl?: string;
  /** The PAC file's URL of the settings or `--proxy-pac`. */
  readonly proxyPacUrl?: string;
  /** Where those two were set. */
  readonly proxySource: ProxyOrigin;
  /** In the app, the system's proxy for a URL (Electron's `session.resolveProxy`). */
  readonly systemProxy?: (url: string) => Promise<string>;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The dispatcher's options of the network the bundle describes (its own CAs: none needed). */
function dispatcherOptionsOf(network: DiagnosticsNetwork): DispatcherOptions {
  const { proxyUrl, proxyPacUrl, systemProxy, env } = network;
  return {
    env,
    ...(proxyUrl ? { proxyUrl } : {}),
    ...(proxyPacUrl ? { proxyPacUrl } : {}),
    ...(systemProxy ? { systemProxy } : {}),
  };
}

/** Options of {@link DiagnosticsService}. */
export interface DiagnosticsServiceOptions {
  readonly versions: VersionsInput;
  /** Each setting in force and its source (the machine policy, the user, the app). */
  readonly settingsInForce: () => Promise<SettingInForce[]>;
  /** The machine policy read at start: none, in force, or ignored as invalid (its problems). */
  readonly policy?: PolicyState;
  readonly profiles: () => Promise<Profile[]>;
  readonly vault: SecretVault;
  /** The keychain's kind, as a person names it. */
  readonly keychainBackend: string;
  readonly log: Omit<LogInput, 'lines'>;
  /** Journal folders by owner: `{ app: <dataDir>/transfers, cli: <dataDir>/cli/transfers }`. */
  readonly journalFolders: Record<string, string>;
  readonly network: DiagnosticsNetwork;
  /** The service URLs to check; default the regions'. Custom profiles' URLs are added. */
  readonly serviceUrls?: readonly string[];
  /** Time allowed to each connectivity step (default 5 s). */
  readonly stepTimeoutMs?: number;
  /** Log lines to include (default 200). */
  readonly logLines?: number;
  /** Values known to be secret that are not in the keychain (the environment's API key). */
  readonly secrets?: readonly string[];
  readonly now?: () => Date;
}

/** What {@link DiagnosticsService.write} is asked. */
export interface DiagnosticsRequest {
  readonly file: string;
  /** Replace an existing file. */
  readonly force?: boolean;
  /** Told before each slow step (the connectivity checks), for a progress line. */
  readonly onProgress?: (step: string) => void;
}

/** What a written bundle holds, in a line. */
export interface DiagnosticsSummary {
  readonly file: string;
  readonly bytes: number;
  readonly profiles: number;
  readonly journals: number;
  readonly keychainAvailable: boolean;
  readonly hostsChecked: number;
  readonly hostsAnswering: number;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** The service URLs of the regions. */
function regionUrls(): string[] {
  return RegionSchema.options.map((region) => serviceEndpoints({ kind: 'region', region }).baseUrl);
}

/**
 * Writes one zip for support: versions, settings and their sources, profiles without secrets,
 * the log's end, the journals' summary, the keychain's status, the proxy route and CAs, and a
 * connectivity check of each service host. Every entry is redacted, then checked, before the
 * zip is made; the file is written atomically and an existing one is refused unless forced.
 */
export class DiagnosticsService {
  readonly #options: DiagnosticsServiceOptions;

  constructor(options: DiagnosticsServiceOptions) {
    this.#options = options;
  }

  async write(request: DiagnosticsRequest): Promise<DiagnosticsSummary> {
    const options = this.#options;
    const redactor = new BundleRedactor();
    for (const secret of options.secrets ?? []) redactor.addSecret(secret);
    const keychain = {
      vault: options.vault,
      backend: options.keychainBackend,
      onSecret: (secret: string) => redactor.addSecret(secret),
    };
    const keychainStatus = await keychainOf(keychain);
    const profiles = await options.profiles().catch((error: unknown) => asError(error));
    const listed = profiles instanceof Error ? [] : profiles;
    const urls = this.#serviceUrls(listed);
    request.onProgress?.(`Checking the connection to ${urls.length} service host(s)`);
    const network = await this.#network(urls);
    const checks = await this.#checkAll(urls);
    const transfers = await transfersOf(options.journalFolders);
    const entries: Record<BundleEntryName, unknown> = {
      'versions.json': versionsOf(options.versions),
      'settings.json': await settingsOf(options.settingsInForce, options.policy),
      'profiles.json': await profilesOf(profiles, {
        ...keychain,
        available: keychainStatus.available,
      }),
      'keychain.json': keychainStatus,
      'log.json': await logOf({ ...options.log, lines: options.logLines ?? 200 }),
      'transfers.json': transfers,
      'network.json': network,
      'connectivity.json': { stepTimeoutMs: this.#stepTimeout(), hosts: checks },
    };
    request.onProgress?.('Writing the bundle');
    const zip = redactedZip(
      {
        entries,
        createdAt: (options.now ?? (() => new Date()))().toISOString(),
        appVersion: options.versions.appVersion,
      },
      redactor,
    );
    await writeBundleFile(request.file, zip, request.force === true);
    return {
      file: request.file,
      bytes: zip.byteLength,
      profiles: listed.length,
      journals: Object.values(transfers).reduce((sum, part) => sum + (part.count ?? 0), 0),
      keychainAvailable: keychainStatus.available,
      hostsChecked: checks.length,
      hostsAnswering: checks.filter((check) => check.request.ok).length,
    };
  }

  #stepTimeout(): number {
    return this.#options.stepTimeoutMs ?? 5000;
  }

  #serviceUrls(profiles: readonly Profile[]): string[] {
    const custom = profiles.flatMap((profile) =>
      profile.target.kind === 'custom' ? [serviceEndpoints(profile.target).baseUrl] : [],
    );
    return [...new Set([...(this.#options.serviceUrls ?? regionUrls()), ...custom])];
  }

  async #network(urls: readonly string[]): Promise<unknown> {
    const { network } = this.#options;
    const options = dispatcherOptionsOf(network);
    const chosen = networkOf({ ...options, ca: [] });
    // The resolver the dispatcher uses: a PAC file is fetched, the system is asked.
    const resolver = proxyResolverOf({ ...options, ca: chosen.ca ?? [] });
    return {
      proxy: {
        ...describeProxySource(chosen.source, network.proxySource),
        noProxy: chosen.noProxy,
      },
      routes: await Promise.all(urls.map((url) => describeProxyRoute(url, resolver))),
      certificates: summarizeCa({
        ...(network.env['NODE_EXTRA_CA_CERTS']
          ? { extraCaFile: network.env['NODE_EXTRA_CA_CERTS'] }
          : {}),
      }),
    };
  }

  async #checkAll(urls: readonly string[]): Promise<HostCheck[]> {
    const options = dispatcherOptionsOf(this.#options.network);
    const timeoutMs = this.#stepTimeout();
    const { ca } = networkOf(options);
    const dispatcher = createDispatcher({
      ...options,
      ...(ca ? { ca } : {}),
      connectTimeoutMs: timeoutMs,
      headersTimeoutMs: timeoutMs,
      bodyTimeoutMs: timeoutMs,
    });
    try {
      return await Promise.all(
        urls.map((url) => checkHost(url, { timeoutMs, dispatcher, ...(ca ? { ca } : {}) })),
      );
    } finally {
      await dispatcher.destroy();
    }
  }
}

/** The one line the command line prints and the app's toast shows after a bundle is written. */
export function summaryLine(summary: DiagnosticsSummary): string {
  const keychain = summary.keychainAvailable ? 'available' : 'not available';
  return `${summary.bytes} bytes: ${summary.profiles} connection(s), ${summary.journals} transfer journal(s), keychain ${keychain}, ${summary.hostsAnswering} of ${summary.hostsChecked} service host(s) answering.`;
}
