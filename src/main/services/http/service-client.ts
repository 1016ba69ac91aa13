import type { Dispatcher } from 'undici';
import {
  operationById,
  type Operation,
  type OperationId,
} from '../../../shared/contract/catalogue';
import type { OperationInput, OperationOutput } from '../../../shared/contract/operation-types';
import { AppError, isAppError } from '../../../shared/errors';
import type { AuthProvider } from '../auth/auth-provider';
import {
  SERVICE_RETRY,
  backoffDelay,
  followsRetryAfter,
  parseRetryAfter,
  type RetryPolicy,
} from '../common/retry-policy';
import { sleep, type Sleep } from '../common/sleep';
import { silentLogger, type Logger } from '../log/logger';
import { parseAnswer } from './answer-parser';
import { exchange, type RawAnswer } from './exchange';
import {
  cancelledError,
  guiAdvice,
  networkError,
  statusError,
  unexpectedError,
  type Adviser,
  type FailedCall,
} from './http-errors';
import { prepareRequest, type PreparedRequest } from './request-parts';
import { NEVER_SENT_CODES, RETRY_STATUSES, networkErrorCode } from './retry-rules';

/** Per-call options. */
export interface CallOptions {
  readonly signal?: AbortSignal;
}

/** A success answer with its status and headers (move answers its job in `Location`). */
export interface AnswerWithHeaders<T> {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly data: T;
}

/** Options of {@link ServiceClient}. */
export interface ServiceClientOptions {
  readonly baseUrl: string;
  readonly authUrl: string;
  /** Needed for every `api` operation; the token service's operations go without it. */
  readonly auth?: AuthProvider;
  /** Default: undici's global dispatcher. The app passes the one of `createDispatcher`. */
  readonly dispatcher?: Dispatcher;
  /** Default: {@link SERVICE_RETRY}. */
  readonly retry?: Partial<RetryPolicy>;
  readonly logger?: Logger;
  readonly sleep?: Sleep;
  readonly random?: () => number;
  readonly now?: () => number;
  /** A read-only profile: every `api` operation but GET is refused before it is sent. */
  readonly readOnly?: boolean;
  /**
   * Words the "what to do" of status and network errors. Default: the app's
   * ({@link guiAdvice}); the CLI passes advice in terminal terms.
   */
  readonly advise?: Adviser;
}

/** A call as sent: the request it tried is known. */
interface SentCall extends FailedCall {
  readonly url: string;
}

const USER_AGENT = 'DataBridgeDesktop/0.1';

/**
 * The HTTP client of the service, driven by the catalogue: validates the input, builds the
 * request, authorizes it, retries what is safe to retry, and parses the answer with the
 * contract. Every failure is an AppError naming the operation.
 */
export class ServiceClient {
  readonly #options: ServiceClientOptions;
  readonly #policy: RetryPolicy;
  readonly #logger: Logger;
  readonly #sleep: Sleep;
  readonly #random: () => number;
  readonly #now: () => number;
  readonly #advise: Adviser;

  constructor(options: ServiceClientOptions) {
    this.#options = options;
    this.#policy = { ...SERVICE_RETRY, ...options.retry };
    this.#logger = options.logger ?? silentLogger;
    this.#sleep = options.sleep ?? sleep;
    this.#random = options.random ?? Math.random;
    this.#now = options.now ?? Date.now;
    this.#advise = options.advise ?? guiAdvice;
  }

  /** The base URL of the service (`{base_url}`). */
  get baseUrl(): string {
    return this.#options.baseUrl;
  }

  /** Calls operation `id` and answers its parsed data. */
  async call<Id extends OperationId>(
    id: Id,
    input: OperationInput<Id>,
    options: CallOptions = {},
  ): Promise<OperationOutput<Id>> {
    return (await this.callWithHeaders(id, input, options)).data;
  }

  /** Calls operation `id` and answers status, headers and parsed data. */
  async callWithHeaders<Id extends OperationId>(
    id: Id,
    input: OperationInput<Id>,
    options: CallOptions = {},
  ): Promise<AnswerWithHeaders<OperationOutput<Id>>> {
    const op: Operation = operationById(id);
    const prepared = prepareRequest(op, input);
    const base = op.service === 'api' ? this.#options.baseUrl : this.#options.authUrl;
    const call: SentCall = {
      operation: op.id,
      params: prepared.params,
      method: op.method,
      url: base.replace(/\/+$/, '') + prepared.pathAndQuery,
    };
    this.#checkReadOnly(op);
    const answer = await this.#send(op, prepared, call, options.signal);
    return answer as AnswerWithHeaders<OperationOutput<Id>>;
  }

  #checkReadOnly(op: Operation): void {
    if (!this.#options.readOnly || op.service !== 'api' || op.method === 'GET') return;
    throw new AppError({
      code: 'FORBIDDEN',
      message: `This connection is read-only, so "${op.summary}" is not allowed. Turn off read-only in the connection's settings to do it.`,
      operation: op.id,
    });
  }

  async #send(
    op: Operation,
    prepared: PreparedRequest,
    call: SentCall,
    signal: AbortSignal | undefined,
  ): Promise<AnswerWithHeaders<unknown>> {
    const { url } = call;
    let attempt = 0;
    let authRetried = false;
    for (;;) {
      attempt += 1;
      if (signal?.aborted) throw cancelledError(call);
      const headers: Record<string, string> = { ...prepared.headers, 'user-agent': USER_AGENT };
      const sent = op.service === 'api' ? await this.#authorize(call, signal) : undefined;
      if (sent !== undefined) headers['authorization'] = sent;
      const started = this.#now();
      let answer: RawAnswer;
      try {
        answer = await exchange({
          method: op.method,
          url,
          headers,
          body: prepared.body,
          signal,
          dispatcher: this.#options.dispatcher,
        });
      } catch (error) {
        if (signal?.aborted) throw cancelledError(call);
        const retry = this.#mayRetryAfterNetworkError(op, prepared, error, attempt);
        this.#logger.warn('Request failed', { operation: op.id, attempt, error, retry });
        if (!retry) throw networkError(call, error, this.#advise);
        await this.#wait(backoffDelay(this.#policy, attempt, this.#random), call, signal);
        continue;
      }
      const { status } = answer;
      this.#logger.debug('Request answered', {
        operation: op.id,
        status,
        attempt,
        ms: this.#now() - started,
      });
      if (status === 401 && sent !== undefined && !authRetried && this.#options.auth) {
        authRetried = true;
        if (await this.#recover(sent, call, signal)) {
          attempt -= 1; // a retry after a refresh is not a failed attempt
          continue;
        }
      }
      if (status >= 200 && status < 300) return this.#parse(op, call, answer);
      const retryAfterMs = parseRetryAfter(answer.headers['retry-after'], this.#now());
      if (this.#mayRetryStatus(op, prepared, status, retryAfterMs, attempt)) {
        const delay = backoffDelay(this.#policy, attempt, this.#random, retryAfterMs);
        this.#logger.info('Retrying', { operation: op.id, status, attempt, delayMs: delay });
        await this.#wait(delay, call, signal);
        continue;
      }
      throw this.#failure(call, status, answer.text, retryAfterMs);
    }
  }

  async #authorize(call: FailedCall, signal: AbortSignal | undefined): Promise<string> {
    const auth = this.#options.auth;
    if (!auth) {
      throw new AppError({
        code: 'AUTH_REQUIRED',
        message: 'Not signed in. Connect to the service first.',
        operation: call.operation,
      });
    }
    try {
      return await auth.authorization(signal);
    } catch (error) {
      throw withOperation(error, call);
    }
  }

  async #recover(sent: string, call: FailedCall, signal: AbortSignal | undefined) {
    try {
      return await (this.#options.auth?.onUnauthorized(sent, signal) ?? false);
    } catch (error) {
      throw withOperation(error, call);
    }
  }

  #failure(call: FailedCall, status: number, text: string, retryAfterMs?: number): AppError {
    if (status < 400) {
      this.#logger.warn('Unexpected status', { operation: call.operation, status });
      return unexpectedError(call, `HTTP ${status}`, status);
    }
    const error = statusError(call, status, text, retryAfterMs, this.#advise);
    if (status === 401 && this.#options.auth?.state.status === 'expired') {
      return new AppError({ ...error.toData(), code: 'AUTH_EXPIRED' });
    }
    return error;
  }

  #parse(op: Operation, call: FailedCall, answer: RawAnswer): AnswerWithHeaders<unknown> {
    const parsed = parseAnswer(op, call, answer.status, answer.text);
    if (!parsed.ok) {
      // The token service's answers carry tokens, which must not reach the log even raw.
      const raw =
        op.service === 'auth' ? '(not logged: token service)' : answer.text.slice(0, 4000);
      this.#logger.warn('Unexpected answer', { operation: op.id, status: answer.status, raw });
      throw parsed.error;
    }
    return { status: answer.status, headers: answer.headers, data: parsed.data };
  }

  #mayRetryStatus(
    op: Operation,
    prepared: PreparedRequest,
    status: number,
    retryAfterMs: number | undefined,
    attempt: number,
  ): boolean {
    return (
      RETRY_STATUSES.has(status) &&
      op.idempotent &&
      prepared.replayable &&
      attempt < this.#policy.maxAttempts &&
      followsRetryAfter(this.#policy, retryAfterMs)
    );
  }

  #mayRetryAfterNetworkError(
    op: Operation,
    prepared: PreparedRequest,
    error: unknown,
    attempt: number,
  ): boolean {
    if (attempt >= this.#policy.maxAttempts || !prepared.replayable) return false;
    // A request that is not idempotent is sent again only if it never left this machine.
    return op.idempotent || NEVER_SENT_CODES.has(networkErrorCode(error) ?? '');
  }

  async #wait(ms: number, call: FailedCall, signal: AbortSignal | undefined): Promise<void> {
    try {
      await this.#sleep(ms, signal);
    } catch (error) {
      if (signal?.aborted) throw cancelledError(call);
      throw error;
    }
  }
}

/** An AppError from auth, with the operation that needed it filled in. */
function withOperation(error: unknown, call: FailedCall): unknown {
  if (!isAppError(error) || error.operation !== undefined) return error;
  return new AppError({ ...error.toData(), operation: call.operation }, { cause: error });
}
