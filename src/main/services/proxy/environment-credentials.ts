import { AppError } from '../../../shared/errors';
import type { AskProxyCredentials } from './proxy-authenticator';
import type { ProxyCredentials } from './proxy-credentials';

/** The variables that answer a proxy's Basic 407 where nobody can be asked. */
export const PROXY_USER_ENV = 'DATABRIDGE_PROXY_USER';
export const PROXY_PASSWORD_ENV = 'DATABRIDGE_PROXY_PASSWORD';

/** The credentials the environment gives, or undefined when it gives no user name or no password. */
export function proxyCredentialsInEnv(
  env: Readonly<Record<string, string | undefined>>,
): ProxyCredentials | undefined {
  const user = env[PROXY_USER_ENV];
  const password = env[PROXY_PASSWORD_ENV];
  if (user === undefined || user === '' || password === undefined) return undefined;
  return { user, password };
}

/** The error of a proxy that asks while nobody can answer: it says how to give them. */
export function missingProxyCredentialsError(proxy: string): AppError {
  return new AppError({
    code: 'AUTH_REQUIRED',
    message: `The proxy ${proxy} asks for a user name and password (Basic). Set ${PROXY_USER_ENV} and ${PROXY_PASSWORD_ENV} for one run: they are kept in the keychain, bound to that proxy, for the next ones.`,
  });
}

/**
 * Reads a proxy's credentials from the environment (monitor serve, and the app until it has a
 * dialog of its own), or says how to give them.
 */
export function environmentCredentials(
  env: Readonly<Record<string, string | undefined>>,
): AskProxyCredentials {
  return ({ proxy }) => {
    const credentials = proxyCredentialsInEnv(env);
    return credentials
      ? Promise.resolve(credentials)
      : Promise.reject(missingProxyCredentialsError(proxy));
  };
}
