import type { RunOptions } from '../args/options';
import type { SecretEnvName } from '../args/secret-args';

/*
 * Which secret a run sends. A secret given for this command (--api-key, --password, or read by
 * --api-key-stdin / --password-stdin) goes where the command points. One left in the
 * environment (DATABRIDGE_API_KEY, DATABRIDGE_PASSWORD) is ambient: the shell keeps it from
 * command to command, so it may well be another service's. It signs in a run that names its
 * service on the command line (--base-url, --region, or the default region), as it always
 * has, but never a saved connection (--profile), which has a service and a stored secret of
 * its own: there the stored one is sent, and without one the run is refused unsent.
 */

/** The sign-in kinds a secret is given for. */
type SecretKind = 'apiKey' | 'password';

/** The words and places of each kind of secret. */
const WORDS: Readonly<
  Record<SecretKind, { noun: string; envName: SecretEnvName; stdinFlag: string; option: string }>
> = {
  apiKey: {
    noun: 'API key',
    envName: 'DATABRIDGE_API_KEY',
    stdinFlag: '--api-key-stdin',
    option: '--api-key KEY',
  },
  password: {
    noun: 'password',
    envName: 'DATABRIDGE_PASSWORD',
    stdinFlag: '--password-stdin',
    option: '--password P',
  },
};

/** The secrets a run was offered for one sign-in kind, by where they came from. */
export interface SecretOffer {
  readonly kind: SecretKind;
  /** Given for this command: `--api-key`/`--password`, or read from standard input. */
  readonly given?: string;
  /** Left in the environment (not read from standard input for this command). */
  readonly environment?: string;
}

/**
 * The offer of a run: `options` for the command line, `env` for the environment, and
 * `fromStdin` naming the variable of `env` that a `-stdin` flag filled for this command.
 */
export function secretOffer(
  kind: SecretKind,
  options: Pick<RunOptions, 'api-key' | 'password'>,
  env: Readonly<Record<string, string | undefined>>,
  fromStdin?: SecretEnvName,
): SecretOffer {
  const { envName } = WORDS[kind];
  const fromEnv = nonEmpty(env[envName]);
  const onCommandLine = nonEmpty(kind === 'apiKey' ? options['api-key'] : options.password);
  const given = onCommandLine ?? (fromStdin === envName ? fromEnv : undefined);
  const environment = fromStdin === envName ? undefined : fromEnv;
  return { kind, ...(given ? { given } : {}), ...(environment ? { environment } : {}) };
}

/** A saved connection as the choice sees it: its name and what it holds for the sign-in. */
export interface SavedConnection {
  readonly name: string;
  /** The origin its requests go to, for the refusals' words. */
  readonly origin: string;
  /**
   * Its secret: `keychain` stored for its origin, `emulator` the built-in emulator's demo key;
   * undefined when it holds none.
   */
  readonly stored?: { readonly secret: string; readonly from: 'keychain' | 'emulator' };
  /** How the command takes a saved connection's secret for this run. */
  readonly give: GiveSecret;
}

/** What a run sends, with a line for stderr when the environment's secret is left unused. */
type SecretChoice =
  | { readonly send: string; readonly note?: string }
  /** Nothing may be sent: a usage error with this message. */
  | { readonly refuse: string };

/**
 * The secret a run sends: the one given for this command first; without --profile (`saved`
 * undefined) then the environment's; with it, the connection's stored one, never the
 * environment's.
 */
export function chooseSecret(offer: SecretOffer, saved?: SavedConnection): SecretChoice {
  const words = WORDS[offer.kind];
  if (offer.given) return { send: offer.given };
  if (!saved) {
    if (offer.environment) return { send: offer.environment };
    return { refuse: noSecretGiven(offer.kind) };
  }
  if (saved.stored) {
    const what =
      saved.stored.from === 'keychain'
        ? `its stored ${words.noun}`
        : "the local emulator's demo key";
    return {
      send: saved.stored.secret,
      ...(offer.environment
        ? { note: `${environmentIgnored(offer.kind, saved.name, what)}\n` }
        : {}),
    };
  }
  if (offer.environment) {
    return {
      refuse: `${words.envName} from the environment is not sent to the saved connection "${saved.name}" (${saved.origin}): it may be another service's, and no ${words.noun} is stored for "${saved.name}". ${askAgain(offer.kind, saved.name, saved.give)}`,
    };
  }
  const none = `No ${words.noun} is stored for the saved connection "${saved.name}".`;
  return { refuse: `${none} ${askAgain(offer.kind, saved.name, saved.give)}` };
}

/** The note of a --profile run that leaves the environment's secret unused. */
function environmentIgnored(kind: SecretKind, name: string, what: string): string {
  return `note: --profile "${name}" signs in with ${what}; ${WORDS[kind].envName} from the environment is ignored.`;
}

/** The refusal of a run without --profile that was given no secret. */
function noSecretGiven(kind: SecretKind): string {
  return kind === 'apiKey'
    ? 'Give an API key: DATABRIDGE_API_KEY, --api-key-stdin or --api-key KEY (or --tenant/--user/--password).'
    : 'Give the password: --password-stdin, or --password P or DATABRIDGE_PASSWORD.';
}

/**
 * How a command takes a saved connection's secret for one run, completing "Give the API key
 * ...": the command line's `-stdin` flag, or `monitor serve`'s configuration file.
 */
export type GiveSecret = (kind: SecretKind) => string;

/** The command line's way: standard input (or the option, which warns). */
export const giveOnCommandLine: GiveSecret = (kind) =>
  `for this command with ${WORDS[kind].stdinFlag} (or ${WORDS[kind].option})`;

/**
 * What to do when a saved connection has no secret to send: give it for this run, or store it
 * in the keychain from the app (the command line has no command that stores one).
 */
export function askAgain(kind: SecretKind, name: string, give: GiveSecret): string {
  return `Give the ${WORDS[kind].noun} ${give(kind)}, or connect to "${name}" once in the app with "Remember" on to store it in the keychain.`;
}

/**
 * The message of a --profile run whose keychain could not be read: the environment's secret
 * is not sent in its place (the command the app installs cannot read the app's keychain).
 */
export function keychainUnreadable(offer: SecretOffer, name: string, give: GiveSecret): string {
  const words = WORDS[offer.kind];
  const ignored = offer.environment
    ? ` ${words.envName} from the environment is not sent to a saved connection.`
    : '';
  return `The keychain could not be read for the stored ${words.noun} of "${name}".${ignored} Give the ${words.noun} ${give(offer.kind)}.`;
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text === '' ? undefined : text;
}
