import { AppError } from '../../../shared/errors';
import type { AskProxyCredentials } from './proxy-authenticator';

/** The variables that answer a proxy's Basic 407 where nobody can be asked. */
const PROXY_USER_ENV = 'DATABRIDGE_PROXY_USER';
const PROXY_PASSWORD_ENV = 'DATABRIDGE_PROXY_PASSWORD';

/**
 * Reads a proxy's credentials from the environment (the command line, monitor serve, and the
 * app until it has a dialog of its own), or says how to give them.
 */
export function environmentCredentials(
  env: Readonly<Record<string, string | undefined>>,
): AskProxyCredentials {
  return ({ proxy }) => {
    const user = env[PROXY_USER_ENV];
    const password = env[PROXY_PASSWORD_ENV];
    if (user === undefined || user === '' || password === undefined) {
      return Promise.reject(
        new AppError({
          code: 'AUTH_REQUIRED',
          message: `The proxy ${proxy} asks for a user name and password (Basic). Set ${PROXY_USER_ENV} and ${PROXY_PASSWORD_ENV} for one run: they are kept in the keychain, bound to that proxy, for the next ones.`,
        }),
      );
    }
    return Promise.resolve({ user, password });
  };
}
