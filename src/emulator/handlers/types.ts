import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import type { OperationId, OperationOf } from '../../shared/contract/catalogue';
import type {
  OperationBody,
  OperationOutput,
  OperationPathParams,
  OperationQuery,
} from '../../shared/contract/operation-types';
import type { Principal } from '../auth';
import type { EmulatorContext } from '../context';

/** The parsed required headers of operation `Id`, or undefined when it has none. */
type OperationHeaders<Id extends OperationId> = OperationOf<Id>['headers'] extends infer H extends
  z.ZodType
  ? z.output<H>
  : undefined;

/** What the router hands a handler: inputs already checked with the catalogue's schemas. */
export interface HandlerInput<Id extends OperationId> {
  readonly params: OperationPathParams<Id>;
  readonly query: OperationQuery<Id>;
  readonly headers: OperationHeaders<Id>;
  readonly body: OperationBody<Id>;
  readonly principal: Principal;
  /** The raw request: the proxied part upload streams it, MyIp reads its socket. */
  readonly req: IncomingMessage;
}

/**
 * A handler's answer: the body the operation's response schema describes, and optionally a
 * status (default: the operation's first success code) and headers (move's `Location`).
 */
type Reply<Id extends OperationId> = {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
} & ([OperationOutput<Id>] extends [undefined]
  ? { readonly body?: undefined }
  : { readonly body: OperationOutput<Id> });

/** The handler of operation `Id`. */
export type Handler<Id extends OperationId> = (
  input: HandlerInput<Id>,
  ctx: EmulatorContext,
) => Reply<Id> | Promise<Reply<Id>>;

/** Handlers of every operation whose id starts with `group.`. */
export type GroupHandlers<G extends string> = {
  readonly [Id in Extract<OperationId, `${G}.${string}`>]: Handler<Id>;
};

/** One handler per operation of the catalogue; the compiler checks that none is missing. */
export type HandlerMap = { readonly [Id in OperationId]: Handler<Id> };

/** Handlers of a chosen set of operations (a group split over several files). */
export type HandlersFor<Ids extends OperationId> = { readonly [Id in Ids]: Handler<Id> };
