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
  parseRetryAfter,
  type RetryPolicy,
} from '../common/retry-policy';
import { sleep, type Sleep } from '../common/sleep';
import { silentLogger, type Logger } from '../log/logger';
import type { AuditAction } from '../../../shared/model/audit';
import type { Policy } from '../../../shared/model/policy';
import { operationRefusal, urlRefusal } from '../policy/policy-gate';
import { AnswerTooLargeError } from './answer-bounds';
import { parseAnswer } from './answer-parser';
import { callStarted, reportCallEnd, type CallStartListener } from './call-ended';
import { OperationDeadline } from './deadline';
import type { DeadlinePause } from './deadline-pause';
import { exchange, type RawAnswer } from './exchange';
import {
  cancelledError,
  deadlineError,
  guiAdvice,
  networkError,
  statusError,
  tooLargeError,
  unexpectedError,
  type Adviser,
  type FailedCall,
} from './http-errors';
import { prepareRequest, type PreparedRequest } from './request-parts';
import { mayRetryAfterNetworkError, mayRetryStatus, type RetryContext } from './retry-rules';
import {
  SERVICE_LIMITS,
  limitsOf,
  type OperationLimits,
  type ServiceLimits,
} from './service-limits';

/** Per-call options. */
export interface CallOptions {
  readonly signal?: AbortSignal;
  /**
   * The user action the call is made for (an import, a bulk action...): every call of one
   * action carries it, and the audit trail records it with each change. None: the call is an
   * action of its own.
   */
  readonly action?: AuditAction;
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
  /** The operation deadline and answer bounds. Default: {@link SERVICE_LIMITS}. */
  readonly limits?: Partial<ServiceLimits>;
  /** Stops the deadlines' clock while a person answers a question the run asked. */
  readonly deadlinePause?: DeadlinePause;
  readonly logger?: Logger;
  readonly sleep?: Sleep;
  readonly random?: () => number;
  readonly now?: () => number;
  /** A read-only profile: every `api` operation but GET is refused before it is sent. */
  readonly readOnly?: boolean;
  /**
   * The machine policy in force: a service it does not allow, and the changes it refuses, are
   * refused before they are sent (see `policy-gate.ts`).
   */
  readonly policy?: Policy;
  /**
   * Words the "what to do" of status and network errors. Default: the app's
   * ({@link guiAdvice}); the CLI passes advice in terminal terms.
   */
  readonly advise?: Adviser;
  /**
   * Told of every call that got past validation before it is sent, and then how it ended (the
   * audit trail). When it throws, the call is not sent.
   */
  readonly onCallStart?: CallStartListener;
}

/** A call as sent: the request it tried is known. */
interface SentCall extends FailedCall {
  readonly url: string;
}

const USER_AGENT = 'DataBridgeDesktop/0.1';

/**
 * The HTTP client of the service, driven by the catalogue: validates the input, builds the
 * request, authorizes it, retries what is safe to retry, and parses the answer with the
 * contract. Every failure is an AppError naming the operation. Each operation has an overall
 * deadline and a bound on the answer it reads ({@link ServiceLimits}).
 */
export class ServiceClient {
  readonly #options: ServiceClientOptions;
  readonly #policy: RetryPolicy;
  readonly #limits: ServiceLimits;
  readonly #logger: Logger;
  readonly #sleep: Sleep;
  readonly #random: () => number;
  readonly #now: () => number;
  readonly #advise: Adviser;

  constructor(options: ServiceClientOptions) {
    this.#options = options;
    this.#policy = { ...SERVICE_RETRY, ...options.retry };
    this.#limits = { ...SERVICE_LIMITS, ...options.limits };
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
    this.#checkPolicy(op, call.url);
    const limits = limitsOf(op, this.#limits);
    const started = callStarted({ op, input, prepared, action: options.action });
    // Before the deadline starts: an audit trail that cannot record the change refuses it.
    const onEnd = await this.#options.onCallStart?.(started);
    const deadline = new OperationDeadline(limits.deadlineMs, options.signal);
    const unfollow = this.#options.deadlinePause?.follow(deadline);
    let answer: AnswerWithHeaders<unknown>;
    try {
      answer = await this.#send(op, prepared, call, deadline, limits);
    } catch (error) {
      const stopped = this.#stopped(error, call, deadline, options.signal);
      await reportCallEnd(onEnd, started, { error: stopped }, this.#logger);
      throw stopped;
    } finally {
      unfollow?.();
      deadline.dispose();
    }
    await reportCallEnd(onEnd, started, { answer }, this.#logger);
    return answer as AnswerWithHeaders<OperationOutput<Id>>;
  }

  /**
   * The error an operation ends with: CANCELLED when the caller's signal aborted, the
   * deadline's NETWORK error when it passed (whatever the aborted request threw), and the
   * bounded read's refusal worded for the operation.
   */
  #stopped(
    error: unknown,
    call: FailedCall,
    deadline: OperationDeadline,
    signal: AbortSignal | undefined,
  ): unknown {
    if (signal?.aborted) {
      return isAppError(error) && error.code !== 'CANCELLED' ? error : cancelledError(call);
    }
    if (deadline.expired && deadline.ms !== undefined) {
      this.#logger.warn('Deadline passed', { operation: call.operation, ms: deadline.ms });
      return deadlineError(call, deadline.ms, this.#advise);
    }
    if (error instanceof AnswerTooLargeError) {
      this.#logger.warn('Answer too large', { operation: call.operation, bound: error.bound });
      return tooLargeError(call, error.bound, this.#advise);
    }
    return error;
  }

  #checkReadOnly(op: Operation): void {
    if (!this.#options.readOnly || op.service !== 'api' || op.method === 'GET') return;
    throw new AppError({
      code: 'FORBIDDEN',
      message: `This connection is read-only, so "${op.summary}" is not allowed. Turn off read-only in the connection's settings to do it.`,
      operation: op.id,
    });
  }

  #checkPolicy(op: Operation, url: string): void {
    const { policy } = this.#options;
    if (!policy) return;
    const refused = operationRefusal(op, policy) ?? urlRefusal(url, 'the service', policy);
    if (refused) throw new AppError({ ...refused.toData(), operation: op.id });
  }

  async #send(
    op: Operation,
    prepared: PreparedRequest,
    call: SentCall,
    deadline: OperationDeadline,
    limits: OperationLimits,
  ): Promise<AnswerWithHeaders<unknown>> {
    const { signal } = deadline;
    const { dispatcher } = this.#options;
    let attempt = 0;
    let authRetried = false;
    for (;;) {
      attempt += 1;
      deadline.throwIfOver(); // no attempt starts after the deadline
      const headers: Record<string, string> = { ...prepared.headers, 'user-agent': USER_AGENT };
      const sent = op.service === 'api' ? await this.#authorize(call, signal) : undefined;
      if (sent !== undefined) headers['authorization'] = sent;
      const started = this.#now();
      const retry: RetryContext = { policy: this.#policy, op, prepared, attempt };
      let answer: RawAnswer;
      try {
        const { method } = op;
        const { url } = call;
        const body = prepared.body;
        answer = await exchange({ method, url, headers, body, signal, dispatcher, bounds: limits });
      } catch (error) {
        if (signal.aborted || error instanceof AnswerTooLargeError) throw error;
        // The dispatcher's own errors (the proxy configuration, a proxy's 407) already say
        // what happened and what to do; sending again would only ask again.
        if (isAppError(error)) throw error;
        const delay = backoffDelay(this.#policy, attempt, this.#random);
        // A wait that would pass the deadline is not begun: the failure at hand is the answer.
        const again = mayRetryAfterNetworkError(retry, error) && deadline.allows(delay);
        this.#logger.warn('Request failed', { operation: op.id, attempt, error, retry: again });
        if (!again) throw networkError(call, error, this.#advise);
        await this.#sleep(delay, signal);
        continue;
      }
      const { status } = answer;
      const ms = this.#now() - started;
      this.#logger.debug('Request answered', { operation: op.id, status, attempt, ms });
      if (status === 401 && sent !== undefined && !authRetried && this.#options.auth) {
        authRetried = true;
        if (await this.#recover(sent, call, signal)) {
          attempt -= 1; // a retry after a refresh is not a failed attempt
          continue;
        }
      }
      if (status >= 200 && status < 300) return this.#parse(op, call, answer);
      const retryAfterMs = parseRetryAfter(answer.headers['retry-after'], this.#now());
      const delay = backoffDelay(this.#policy, attempt, this.#random, retryAfterMs);
      if (mayRetryStatus(retry, status, retryAfterMs) && deadline.allows(delay)) {
        this.#logger.info('Retrying', { operation: op.id, status, attempt, delayMs: delay });
        await this.#sleep(delay, signal);
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
}

/** An AppError from auth, with the operation that needed it filled in. */
function withOperation(error: unknown, call: FailedCall): unknown {
  if (!isAppError(error) || error.operation !== undefined) return error;
  return new AppError({ ...error.toData(), operation: call.operation }, { cause: error });
}
