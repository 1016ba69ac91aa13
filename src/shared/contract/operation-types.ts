import type { z } from 'zod';
import type { Operation, OperationId, OperationOf } from './catalogue';
import type { InputOf } from './operation-input';

/**
 * What a caller passes to operation `Id`: `pathParams`, `query`, `headers` and `body`, each
 * present only when the operation has it, and optional when all its fields are optional.
 * Types are the schemas' input types (before defaults and coercion).
 */
export type OperationInput<Id extends OperationId> = InputById[Id];

// Keyed by remapping over the operations, so each input is computed for one operation;
// intersecting the parts over the union of all 51 would multiply out past the compiler's limit.
type InputById = { [O in Operation as O['id']]: InputOf<O> };
/**
 * What operation `Id` answers, parsed: the JSON record (or `undefined` for the statuses in
 * `emptyOn`), the string of a string answer, or `undefined` for no body. Response headers
 * (move's `Location`) are not part of it; see `responseHeaders`.
 */
export type OperationOutput<Id extends OperationId> = OperationOf<Id>['response'] extends {
  readonly kind: 'json';
  readonly schema: infer S extends z.ZodType;
}
  ? | z.output<S>
    | (OperationOf<Id>['response'] extends { readonly emptyOn: readonly number[] }
        ? undefined
        : never)
  : OperationOf<Id>['response'] extends {
        readonly kind: 'string';
        readonly schema: infer S extends z.ZodType;
      }
    ? z.output<S>
    : undefined;

/** The parsed path parameters of operation `Id` (after defaults and coercion). */
export type OperationPathParams<Id extends OperationId> = z.output<OperationOf<Id>['pathParams']>;

/** The parsed query of operation `Id`, or `undefined` when it takes none. */
export type OperationQuery<Id extends OperationId> =
  OperationOf<Id>['query'] extends infer Q extends z.ZodType ? z.output<Q> : undefined;

/** The parsed JSON body of operation `Id`, or `undefined` when it has none or a bytes body. */
export type OperationBody<Id extends OperationId> = OperationOf<Id>['body'] extends {
  readonly contentType: 'json';
  readonly schema: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;
