/*
 * The entries of a diagnostics bundle and what each holds: one row per file, from which both
 * manifest.json and README.txt are written, so the two cannot disagree with the zip.
 */

/** The files of a bundle besides manifest.json and README.txt, each with what it holds. */
export const BUNDLE_ENTRIES = {
  'versions.json': 'The versions of the app, Electron, Node.js and the operating system.',
  'settings.json':
    'Every setting in force and where its value comes from (user: the settings file; builtIn: the default).',
  'profiles.json':
    'The saved connections without any secret: for each, only whether an API key, password or team monitor token is stored.',
  'keychain.json':
    'Whether the system keychain answers, and which kind it is. No value is read out.',
  'log.json': 'The last lines of the app log, or why there are none.',
  'transfers.json':
    'The transfer journals of the app and of the command line: how many, their state, phase and sizes. No file path and no URL.',
  'network.json':
    'How requests reach each service host (proxy, NO_PROXY or direct, the proxy without user name or password) and how many CA certificates are trusted, from where.',
  'connectivity.json':
    'For each service host: DNS lookup, TCP connection, TLS handshake (certificate subject, issuer, validity) and one request without credentials, each with its duration and error.',
} as const;

/** A bundle file's name. */
export type BundleEntryName = keyof typeof BUNDLE_ENTRIES;

/** What manifest.json holds. */
export interface BundleManifest {
  readonly format: 1;
  readonly createdAt: string;
  readonly appVersion: string;
  readonly files: Record<string, string>;
}

/** manifest.json of a bundle made at `createdAt` by `appVersion`. */
export function bundleManifest(createdAt: string, appVersion: string): BundleManifest {
  return {
    format: 1,
    createdAt,
    appVersion,
    files: {
      'README.txt': 'What this bundle is, and what it never holds.',
      'manifest.json': 'This list.',
      ...BUNDLE_ENTRIES,
    },
  };
}

/** README.txt: what the bundle is for and what was left out. */
export function bundleReadme(manifest: BundleManifest): string {
  const files = Object.entries(manifest.files)
    .map(([name, about]) => `  ${name.padEnd(18)} ${about}`)
    .join('\n');
  return `DataBridge Desktop diagnostics bundle
Made ${manifest.createdAt} by version ${manifest.appVersion}, for support.

Files:
${files}

Never in it: API keys, passwords, access or refresh tokens, team monitor tokens, the
Authorization header, pre-signed URLs or their signatures, user names and passwords of proxy
URLs. Every file went through the app's redaction, then a check that refuses the bundle when
anything shaped like a credential is left; what was removed reads [redacted].
`;
}
