import { AppError } from '../../../shared/errors';
import {
  missingProxyCredentialsError,
  PROXY_PASSWORD_ENV,
  PROXY_USER_ENV,
  proxyCredentialsInEnv,
} from '../../services/proxy/environment-credentials';
import type { AskProxyCredentials } from '../../services/proxy/proxy-authenticator';
import type { ProxyCredentials } from '../../services/proxy/proxy-credentials';
import type { Ask } from '../terminal/confirm';
import type { DeadlinePause } from '../../services/http/deadline-pause';

/*
 * Who answers a proxy that asks the command line for a user name and password (Basic) while
 * the keychain holds none for it: the environment when it gives them (a script says so on
 * purpose), else the person at the terminal, else nobody and the error says how to give them.
 * Whatever the answer, services/proxy/proxy-authenticator.ts keeps it in the keychain, bound
 * to the proxy, so each proxy is asked about once.
 */

/** The terminal the questions are asked on: the message and questions on stderr. */
export interface ProxyPrompt {
  readonly say: (text: string) => void;
  readonly ask: Ask;
  /** Asks without showing what is typed. */
  readonly askSecret: Ask;
}

/** What the command line knows of its terminal. */
interface ProxyPromptIo {
  readonly stderr: (text: string) => void;
  /** stderr is a terminal. */
  readonly isTty?: boolean;
  /** stdin is a terminal. */
  readonly stdinIsTty?: boolean;
  readonly ask?: Ask;
  readonly askSecret?: Ask;
}

/**
 * The prompt of a person at the terminal, or undefined when nobody is there to answer: both
 * the questions' stream (stderr) and the answers' (stdin) must be a terminal, as for a
 * destructive call's confirmation.
 */
export function proxyPromptOf(io: ProxyPromptIo): ProxyPrompt | undefined {
  if (io.isTty !== true || io.stdinIsTty !== true || !io.ask || !io.askSecret) return undefined;
  return { say: io.stderr, ask: io.ask, askSecret: io.askSecret };
}

/** Where a proxy's credentials come from this run. */
type ProxyCredentialsSource =
  | { readonly kind: 'environment'; readonly credentials: ProxyCredentials }
  | { readonly kind: 'terminal' }
  | { readonly kind: 'none' };

/** The environment's credentials when it gives both, else the terminal when there is one. */
export function proxyCredentialsSource(given: {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly interactive: boolean;
}): ProxyCredentialsSource {
  const credentials = proxyCredentialsInEnv(given.env);
  if (credentials) return { kind: 'environment', credentials };
  return given.interactive ? { kind: 'terminal' } : { kind: 'none' };
}

/** The command line's answer to a proxy's question (see {@link proxyCredentialsSource}). */
export function cliProxyCredentials(given: {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly prompt: ProxyPrompt | undefined;
  /**
   * Stopped while the person types: --timeout bounds the service and the network, and the
   * request that met the proxy waits for the answer under its deadline.
   */
  readonly deadlinePause?: DeadlinePause;
}): AskProxyCredentials {
  const { env, prompt, deadlinePause } = given;
  return async ({ proxy }) => {
    const source = proxyCredentialsSource({ env, interactive: prompt !== undefined });
    if (source.kind === 'environment') return source.credentials;
    if (source.kind === 'terminal' && prompt) {
      const ask = (): Promise<ProxyCredentials> => askProxyOnTerminal(proxy, prompt);
      return deadlinePause ? deadlinePause.pausedWhile(ask) : ask();
    }
    throw missingProxyCredentialsError(proxy);
  };
}

/**
 * Asks the person at the terminal for the user name (shown as typed) and the password (not
 * shown). No user name, or the input ended (Ctrl+D), is an AUTH_REQUIRED error; Ctrl+C
 * rejects with the prompt's CANCELLED.
 */
async function askProxyOnTerminal(proxy: string, prompt: ProxyPrompt): Promise<ProxyCredentials> {
  prompt.say(`The proxy ${proxy} asks for a user name and password.\n`);
  const user = await prompt.ask('User name: ');
  if (user === undefined || user.trim() === '') throw notGivenError(proxy);
  const password = await prompt.askSecret('Password: ');
  if (password === undefined) throw notGivenError(proxy);
  return { user, password };
}

function notGivenError(proxy: string): AppError {
  return new AppError({
    code: 'AUTH_REQUIRED',
    message: `No user name and password were given for the proxy ${proxy}, so nothing went through it. Run the command again and type them when asked, or set ${PROXY_USER_ENV} and ${PROXY_PASSWORD_ENV} for one run: they are kept in the keychain, bound to that proxy, for the next ones.`,
  });
}
