import type { HttpMethod } from '../../../shared/contract/operation';
import { AppError, type ErrorCode } from '../../../shared/errors';
import { formatSize } from '../../../shared/format/units';
import type { AuthProvider } from '../auth/auth-provider';
import { ServiceError } from '../common/service-error';
import { readErrorBody } from './error-body';
import { describeAction } from './operation-actions';
import { networkErrorCode } from './retry-rules';

/** What an error message needs to know about the failed call. */
export interface FailedCall {
  readonly operation: string;
  readonly params: Readonly<Record<string, unknown>>;
  /**
   * The request tried, for advice that names it (the CLI's). ServiceClient always sets both;
   * its calls go to the service only, so `url` is never a pre-signed URL.
   */
  readonly method?: HttpMethod;
  readonly url?: string;
}

/**
 * The "what to do" sentence of an error message, per error code. The app and the CLI word it
 * for their own users: a window has a list to refresh, a terminal has flags to check.
 */
export type Adviser = (code: ErrorCode, call: FailedCall, retryAfterMs?: number) => string;

/** The app's error code for an HTTP status (style.md's list). */
export function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'VALIDATION';
  if (status === 401) return 'AUTH_REQUIRED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  // The job operations answer 410 where others answer 404: the service no longer knows it.
  if (status === 410) return 'GONE';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'UNAVAILABLE';
  if (status >= 400) return 'VALIDATION';
  return 'UNEXPECTED_RESPONSE';
}

/** The app's advice, for a user in front of its windows: the default of every client. */
export const guiAdvice: Adviser = (code, call, retryAfterMs) => {
  switch (code) {
    case 'VALIDATION':
      return 'Check the values and try again.';
    case 'AUTH_REQUIRED':
      return 'Sign in again, or check the API key of this connection.';
    case 'AUTH_EXPIRED':
      return 'Sign in again; work in progress is paused until you do.';
    case 'FORBIDDEN':
      return 'Your role does not allow this; ask a tenant administrator.';
    case 'NOT_FOUND':
      return 'It may have been removed or renamed; refresh the list.';
    case 'CONFLICT':
      return 'It already exists or is busy with another job; choose another name or wait.';
    case 'GONE':
      return typeof call.params['jobId'] === 'string'
        ? `The service no longer knows job ${call.params['jobId']}; it may have been cleaned up.`
        : 'The service no longer knows it; refresh the list.';
    case 'RATE_LIMITED':
      return retryAfterMs === undefined
        ? 'The service is busy; try again in a moment.'
        : `The service is busy; try again in ${Math.ceil(retryAfterMs / 1000)} s.`;
    case 'UNAVAILABLE':
      return 'The service is unavailable right now; try again later.';
    case 'NETWORK':
      return 'Check the network connection, proxy and VPN settings, then try again.';
    default:
      return 'Try again; if it keeps failing, the log has details for support.';
  }
};

/** How a connection signs in: it decides which credential a refused sign-in names. */
export type SignInKind = AuthProvider['kind'];

const GUI_SIGN_IN_ADVICE: Readonly<Record<SignInKind, string>> = {
  apiKey:
    'Check the API key of this connection: it may be mistyped or revoked; a tenant administrator can issue a new one.',
  token:
    'Sign in again with the user name and password of this connection: the service refused the access token even after renewing it (it may have expired, or the password or the user’s access may have changed).',
};

/**
 * The app's advice for a connection that signs in with `kind`. A 401 names that kind's
 * credential: a token sign-in is told about its user, password and token, never to "check
 * the API key" it does not have; the rest is {@link guiAdvice}.
 */
export function guiAdviceFor(kind: SignInKind): Adviser {
  return (code, call, retryAfterMs) =>
    code === 'AUTH_REQUIRED' ? GUI_SIGN_IN_ADVICE[kind] : guiAdvice(code, call, retryAfterMs);
}

/** "Could not <action>: <what the service said>. <what to do>" */
function composeMessage(call: FailedCall, reason: string, advised: string): string {
  const what = `Could not ${describeAction(call.operation, call.params)}`;
  const because = reason.replace(/[.\s]+$/, '');
  return `${what}: ${because}. ${advised}`;
}

/** The error for an answer with a failure status, from its body as records.md describes. */
export function statusError(
  call: FailedCall,
  status: number,
  bodyText: string,
  retryAfterMs?: number,
  advise: Adviser = guiAdvice,
): ServiceError {
  const code = codeForStatus(status);
  const body = readErrorBody(bodyText);
  const reason = body.message ?? `the service answered HTTP ${status}`;
  const details = [body.fieldErrors, body.logId ? `logId: ${body.logId}` : undefined]
    .filter((part): part is string => part !== undefined)
    .join('\n');
  return new ServiceError(
    {
      code,
      message: composeMessage(call, reason, advise(code, call, retryAfterMs)),
      operation: call.operation,
      status,
      ...(details ? { details } : {}),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    },
    body.message,
  );
}

/** The error for a request that got no answer: NETWORK, naming what went wrong. */
export function networkError(
  call: FailedCall,
  error: unknown,
  advise: Adviser = guiAdvice,
): AppError {
  const code = networkErrorCode(error);
  return new AppError(
    {
      code: 'NETWORK',
      message: composeMessage(call, networkReason(code), advise('NETWORK', call)),
      operation: call.operation,
      ...(code ? { details: code } : {}),
    },
    { cause: error },
  );
}

function networkReason(code: string | undefined): string {
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name could not be resolved';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'no connection could be made in time';
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return 'the service stopped answering';
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was interrupted';
  if (code && /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code)) {
    return 'the server certificate is not trusted (a company proxy may need its CA certificate in NODE_EXTRA_CA_CERTS)';
  }
  return code ? `the network request failed (${code})` : 'the network request failed';
}

/**
 * The error for an operation that ran out of its overall deadline (attempts and retry waits
 * included): NETWORK, like any request that got no usable answer, naming the host waited for
 * and the time allowed, since "the service stopped answering" would not say how long.
 */
export function deadlineError(
  call: FailedCall,
  deadlineMs: number,
  advise: Adviser = guiAdvice,
): ServiceError {
  const seconds = Number((deadlineMs / 1000).toFixed(2));
  const reason = `no answer from ${hostOf(call.url)} in ${seconds} s`;
  return new ServiceError(
    {
      code: 'NETWORK',
      message: composeMessage(call, reason, advise('NETWORK', call)),
      operation: call.operation,
      details: `deadline of ${deadlineMs} ms passed`,
    },
    undefined,
  );
}

/**
 * The error for a success answer larger than the operation's bound: UNEXPECTED_RESPONSE,
 * since no answer of the interface is that large. Nothing past the bound was read.
 */
export function tooLargeError(
  call: FailedCall,
  bound: number,
  advise: Adviser = guiAdvice,
): ServiceError {
  const reason = `the service sent an answer larger than ${formatSize(bound)}, the most read for ${call.operation}, so reading stopped there`;
  return new ServiceError(
    {
      code: 'UNEXPECTED_RESPONSE',
      message: composeMessage(call, reason, advise('UNEXPECTED_RESPONSE', call)),
      operation: call.operation,
    },
    undefined,
  );
}

function hostOf(url: string | undefined): string {
  try {
    return url === undefined ? 'the service' : new URL(url).host;
  } catch {
    return 'the service';
  }
}

/** The error for a call the caller cancelled through its AbortSignal. */
export function cancelledError(call: FailedCall): AppError {
  return new AppError({
    code: 'CANCELLED',
    message: `Cancelled: ${describeAction(call.operation, call.params)}.`,
    operation: call.operation,
  });
}

/** A failure status that is not a success and not an error (a redirect), or a bad body. */
export function unexpectedError(call: FailedCall, reason: string, status?: number): AppError {
  return new AppError({
    code: 'UNEXPECTED_RESPONSE',
    message: `Unexpected answer from the service to ${call.operation} (${reason}). The service may have changed; the raw answer is in the log.`,
    operation: call.operation,
    ...(status === undefined ? {} : { status }),
  });
}
