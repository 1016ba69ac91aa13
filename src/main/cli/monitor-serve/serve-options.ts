import { CONNECTION_OPTIONS_TABLE, TOP_OPTIONS_TABLE } from '../args/global-options';
import type { OptionTable } from '../args/option-spec';

/*
 * The options of `databridge monitor serve`, each declared once: its parser (serve-args.ts),
 * its help (serve-help.ts) and shell completion read them from here.
 */

const { tenant, user, proxy, timeout, verbose } = CONNECTION_OPTIONS_TABLE;

/** What to watch: the connections whose instances are sampled. */
export const SERVE_WATCH_OPTIONS = {
  profile: {
    type: 'string',
    multiple: true,
    value: 'NAME',
    help: `a saved connection of the app (repeat for more); the secret
from the keychain, never DATABRIDGE_API_KEY / DATABRIDGE_PASSWORD
(the secret of --base-url or --region), or one named in
--config ("profile" with "apiKeyEnv" or "apiKeyFile")`,
  },
  'data-dir': {
    type: 'string',
    value: 'DIR',
    complete: 'path',
    help: "the app's data folder (default: the platform's)",
  },
  'base-url': {
    type: 'string',
    value: 'URL',
    help: `a service given here, named "default"; the API key from
DATABRIDGE_API_KEY or --api-key-stdin (or --tenant/--user with
DATABRIDGE_PASSWORD or --password-stdin)`,
  },
  region: {
    type: 'string',
    value: 'EU|US',
    complete: ['EU', 'US'],
    help: 'a region of the service instead of --base-url, as --base-url',
  },
  'api-key-stdin': CONNECTION_OPTIONS_TABLE['api-key-stdin'],
  tenant,
  user,
  'password-stdin': CONNECTION_OPTIONS_TABLE['password-stdin'],
  config: {
    type: 'string',
    value: 'FILE',
    complete: 'path',
    help: `JSON: "connections": [{ "name", "profile" | "baseUrl" | "region",
"apiKeyEnv" | "apiKeyFile" | "passwordEnv", "tenant", "user",
"exclude": [instances], "instances": [expected: reported
down while not watched] }], and any option below by its
camelCase name ("listen", "intervalSeconds", "tokenFile", ...,
"blockingAlertSeconds", "historyDir"); options given here win`,
  },
} as const satisfies OptionTable;

/** How the samples are served. */
export const SERVE_SERVING_OPTIONS = {
  listen: {
    type: 'string',
    value: 'HOST:PORT',
    help: `default 127.0.0.1:9420. An address other machines can reach
needs a bearer token (TLS alone is refused: it hides the bytes
from the network, not from whoever connects)`,
  },
  'token-file': {
    type: 'string',
    value: 'FILE',
    complete: 'path',
    help: `the bearer token (16 characters or more) every endpoint but
/healthz asks for: Authorization: Bearer TOKEN. The file must be
readable by its owner only (chmod 600)`,
  },
  'token-env': {
    type: 'string',
    value: 'VAR',
    help: 'the bearer token from this environment variable instead',
  },
  'tls-cert': {
    type: 'string',
    value: 'FILE',
    complete: 'path',
    help: 'serve HTTPS with this certificate (PEM), with --tls-key',
  },
  'tls-key': {
    type: 'string',
    value: 'FILE',
    complete: 'path',
    help: "the certificate's key (PEM)",
  },
  interval: {
    type: 'string',
    value: 'SECONDS',
    help: 'how often each instance is read, 1 to 3600 (default 5)',
  },
  'max-connections': {
    type: 'string',
    value: 'N',
    help: `open connections at most (default 256); more are dropped. A
request's headers must come within 10 s, the whole request
within 15 s; requests without the token are logged once a
minute, with their count`,
  },
  'history-dir': {
    type: 'string',
    value: 'DIR',
    complete: 'path',
    help: `the monitor's history (default $STATE_DIRECTORY/history under
systemd, else the data folder's monitor-serve/history)`,
  },
  proxy,
  'proxy-pac': {
    type: 'string',
    value: 'URL',
    help: `a PAC file choosing the proxy per host, as for every command (a
proxy's Basic credentials: the keychain, or
DATABRIDGE_PROXY_USER/DATABRIDGE_PROXY_PASSWORD)`,
  },
  timeout,
  verbose: { ...verbose, help: 'log each request to the service as well' },
} as const satisfies OptionTable;

/** Every option of `monitor serve`. */
export const SERVE_OPTIONS = {
  ...SERVE_WATCH_OPTIONS,
  ...SERVE_SERVING_OPTIONS,
  help: TOP_OPTIONS_TABLE.help,
} as const satisfies OptionTable;
