import type { z } from 'zod';
import { AppError, toAppErrorData, type AppErrorData } from '../../../shared/errors';
import {
  INVOKE_CHANNELS,
  invokeChannels,
  type ChannelParsedInput,
  type InvokeChannel,
  type InvokeContract,
} from '../../../shared/ipc/contract';
// The guard lives with the zod-free name lists (the preload's allowlist), checked equal to the
// contract's keys: main and the preload refuse the same names.
import { isInvokeChannel } from '../../../shared/ipc/channel-names';
import { errorEnvelope, okEnvelope, type IpcEnvelope } from '../../../shared/ipc/envelope';
import { isAppError } from '../../../shared/errors';
import { silentLogger, type Logger } from '../log/logger';
import { SenderPolicy, type IpcSender } from './sender-policy';

/** What a handler knows about the call besides its input. */
export interface CallContext {
  readonly sender: IpcSender;
  /** Tells this renderer's event hub that the renderer listens (`app:rendererReady`). */
  readonly markRendererReady: () => void;
}

/** What a handler answers; a channel that answers nothing lets it return nothing. */
type HandlerResult<T> = undefined extends T ? T | void : T;

/** The handler of channel `C`: gets the validated input, answers the channel's output. */
type ChannelHandler<C extends InvokeChannel> = (
  input: ChannelParsedInput<C>,
  context: CallContext,
) => Promise<HandlerResult<z.input<InvokeContract[C]['output']>>>;

/** One handler per channel of the contract; a missing one is a type error. */
export type IpcHandlers = { readonly [C in InvokeChannel]: ChannelHandler<C> };

/** Options of {@link IpcRouter}. */
export interface IpcRouterOptions {
  readonly handlers: IpcHandlers;
  /** Origins whose main frame may call (e.g. `app://databridge`, `http://127.0.0.1:5173`). */
  readonly allowedOrigins: readonly string[];
  readonly logger?: Logger;
}

/**
 * Routes an invoke from either transport (Electron IPC, the harness WebSocket) to its handler.
 * It is the trust boundary between the renderer and main, so every call is checked the same
 * way: the channel is in the contract, the sender is our main frame, the input matches the
 * channel's schema. The answer is always an envelope; the output is parsed with its schema
 * (stripping anything undeclared) and any error becomes AppError data with no stack.
 */
export class IpcRouter {
  readonly #handlers: IpcHandlers;
  readonly #senders: SenderPolicy;
  readonly #logger: Logger;

  constructor(options: IpcRouterOptions) {
    this.#handlers = options.handlers;
    this.#senders = new SenderPolicy(options.allowedOrigins);
    this.#logger = options.logger ?? silentLogger;
    const missing = INVOKE_CHANNELS.filter((c) => typeof this.#handlers[c] !== 'function');
    if (missing.length > 0) throw new Error(`No IPC handler for: ${missing.join(', ')}`);
  }

  /** The channels a transport must register: exactly the contract's. */
  get channels(): readonly InvokeChannel[] {
    return INVOKE_CHANNELS;
  }

  /** True when `sender` may call (our origin, main frame). */
  isAllowedSender(sender: IpcSender): boolean {
    return this.#senders.allows(sender);
  }

  /** Checks, validates, calls and answers one invoke. Never throws. */
  async invoke(channel: unknown, rawInput: unknown, context: CallContext): Promise<IpcEnvelope> {
    if (!isInvokeChannel(channel)) {
      this.#logger.warn('Refused an invoke on an unknown channel', { channel: String(channel) });
      return errorEnvelope({
        code: 'VALIDATION',
        message: 'This request is not part of the app: unknown channel.',
      });
    }
    if (!this.#senders.allows(context.sender)) {
      this.#logger.warn('Refused an invoke from a foreign sender', {
        channel,
        isMainFrame: context.sender.isMainFrame,
      });
      return errorEnvelope({
        code: 'FORBIDDEN',
        message: 'Only the app window may make this request.',
      });
    }
    return this.#dispatch(channel, rawInput, context);
  }

  async #dispatch<C extends InvokeChannel>(
    channel: C,
    rawInput: unknown,
    context: CallContext,
  ): Promise<IpcEnvelope> {
    const def = invokeChannels[channel] as { input: z.ZodType; output: z.ZodType };
    const input = def.input.safeParse(rawInput);
    if (!input.success) return errorEnvelope(validationError(channel, input.error));
    let result: unknown;
    try {
      const handler = this.#handlers[channel] as ChannelHandler<C>;
      result = await handler(input.data as ChannelParsedInput<C>, context);
    } catch (error) {
      return errorEnvelope(this.#errorData(channel, error));
    }
    const output = def.output.safeParse(result);
    if (!output.success) {
      this.#logger.error('A handler answered data that does not match the contract', {
        channel,
        issues: output.error.issues.map((issue) => issue.path.join('.')),
      });
      return errorEnvelope({
        code: 'INTERNAL',
        message: 'The app produced an answer it cannot show. Please try again or report it.',
      });
    }
    return okEnvelope(output.data);
  }

  #errorData(channel: InvokeChannel, error: unknown): AppErrorData {
    if (!isAppError(error)) {
      // Unknown errors can carry anything (paths, secrets, stacks): log, answer a generic one.
      this.#logger.error('An IPC handler failed', { channel, error });
    }
    return toAppErrorData(error);
  }
}

/** A VALIDATION error naming the first fields that are wrong (never their values). */
function validationError(channel: string, error: z.ZodError): AppErrorData {
  const problems = error.issues.slice(0, 3).map((issue) => {
    const field = issue.path.map(String).join('.');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  return new AppError({
    code: 'VALIDATION',
    message: `The request ${channel} is not valid. ${problems.join('; ')}`,
  }).toData();
}
