import { request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { AppError, isAppError, type ErrorCode } from '../../../shared/errors';
import type { MonitorInstanceRef } from '../../../shared/model/monitor';
import {
  ServedErrorSchema,
  ServedInstancesSchema,
  ServedSessionsSchema,
  type ServedInstances,
  type ServedSessions,
} from '../../../shared/model/monitor-serve';

/** Options of {@link TeamMonitorClient}. */
export interface TeamMonitorClientOptions {
  /** The team monitor's base URL, as the profile names it (no credentials in it). */
  readonly url: string;
  /** The bearer token the team monitor asks for (read from the keychain when first needed). */
  readonly token?: () => Promise<string | undefined>;
  readonly dispatcher: Dispatcher;
  /** Time allowed for a whole answer (default 15 s). */
  readonly timeoutMs?: number;
}

/** What the user can do about any trouble with the team monitor. */
const WHAT_TO_DO =
  'Check the team monitor URL in this connection’s settings, or clear it to read the service directly.';

/**
 * The client of a team's `databridge monitor serve`: its JSON API, each answer parsed with the
 * schemas the server builds it from. Every failure is an AppError that names the team monitor's
 * URL and what to do, and none of them is a sign-in code of the service (AUTH_*): a wrong token
 * here must not stop the samplers as a signed-out profile would, nor ask for the service's key.
 */
export class TeamMonitorClient {
  readonly url: string;
  readonly #base: string;
  readonly #options: TeamMonitorClientOptions;

  constructor(options: TeamMonitorClientOptions) {
    this.url = options.url;
    this.#base = options.url.replace(/\/+$/, '');
    this.#options = options;
  }

  /** `GET /api/v1/instances`: the instances the team monitor watches and leaves out. */
  instances(signal: AbortSignal): Promise<ServedInstances> {
    return this.#get('/api/v1/instances', ServedInstancesSchema, signal);
  }

  /** `GET /api/v1/instances/{profile}/{instance}/sessions`: an instance's last sessions. */
  sessions(ref: MonitorInstanceRef, signal: AbortSignal): Promise<ServedSessions> {
    const path = `/api/v1/instances/${encodeURIComponent(ref.profileId)}/${encodeURIComponent(ref.instanceName)}/sessions`;
    return this.#get(path, ServedSessionsSchema, signal);
  }

  async #get<T>(path: string, schema: z.ZodType<T>, signal: AbortSignal): Promise<T> {
    const token = await this.#options.token?.();
    const timeout = AbortSignal.timeout(this.#options.timeoutMs ?? 15_000);
    let status: number;
    let text: string;
    try {
      const answer = await request(`${this.#base}${path}`, {
        method: 'GET',
        dispatcher: this.#options.dispatcher,
        signal: AbortSignal.any([signal, timeout]),
        headers: {
          accept: 'application/json',
          // Only ever to the team monitor's own origin: the URL the user gave for it.
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      status = answer.statusCode;
      text = await answer.body.text();
    } catch (error) {
      if (signal.aborted) throw error;
      const reason = timeout.aborted ? 'no answer in time' : networkReason(error);
      throw this.#error('UNAVAILABLE', `did not answer (${reason})`, error);
    }
    if (status !== 200) throw this.#refusal(status, text);
    return this.#parse(text, schema, status);
  }

  #parse<T>(text: string, schema: z.ZodType<T>, status: number): T {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw this.#error('UNEXPECTED_RESPONSE', 'answered something that is not JSON', undefined, {
        status,
      });
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    const first = parsed.error.issues[0];
    const where = first ? ` (field ${first.path.join('.') || '(root)'}: ${first.message})` : '';
    throw this.#error(
      'UNEXPECTED_RESPONSE',
      `answered JSON that is not its API${where}; is it a DataBridge team monitor?`,
      undefined,
      { status },
    );
  }

  #refusal(status: number, text: string): AppError {
    if (status === 401 || status === 403) {
      return this.#error('FORBIDDEN', `refused the bearer token (HTTP ${status})`, undefined, {
        status,
        tail: 'Enter the token its operator gave you in this connection’s settings, or clear the team monitor URL to read the service directly.',
      });
    }
    const served = safeServedError(text);
    const said = served ? `: ${served}` : '';
    const code: ErrorCode = status === 404 ? 'NOT_FOUND' : 'UNAVAILABLE';
    return this.#error(code, `answered HTTP ${status}${said}`, undefined, { status });
  }

  #error(
    code: ErrorCode,
    what: string,
    cause?: unknown,
    extra: { status?: number; tail?: string } = {},
  ): AppError {
    const message = `The team monitor at ${this.url} ${what}. ${extra.tail ?? WHAT_TO_DO}`;
    return new AppError(
      { code, message, ...(extra.status === undefined ? {} : { status: extra.status }) },
      cause === undefined ? undefined : { cause },
    );
  }
}

/** The message of a served error body, shortened; undefined when the body is not one. */
function safeServedError(text: string): string | undefined {
  try {
    const parsed = ServedErrorSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.error.message.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

/** A short reason for a network failure: the system's code (ECONNREFUSED) when it has one. */
function networkReason(error: unknown): string {
  if (isAppError(error)) return error.code;
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = (error as { code?: unknown } | undefined)?.code ?? cause?.code;
  return typeof code === 'string' ? code : 'network error';
}
