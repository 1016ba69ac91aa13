import type { z } from 'zod';
import type { Operation, OperationId, OperationOf } from './catalogue';
import type { BytesBody } from './operation';

type NoFields = Record<never, never>;

/** `{ [key]: T }`, optional when every field of `T` is optional (e.g. all have defaults). */
type Part<Key extends string, T> = NoFields extends T
  ? { readonly [K in Key]?: T }
  : { readonly [K in Key]: T };

type PathPart<O> = O extends { readonly pathParams: infer P extends z.ZodType }
  ? keyof z.input<P> extends never
    ? NoFields
    : Part<'pathParams', z.input<P>>
  : NoFields;

type SchemaPart<O, Field extends 'query' | 'headers'> = O extends {
  readonly [K in Field]: infer S extends z.ZodType;
}
  ? Part<Field, z.input<S>>
  : NoFields;

type BodyPart<O> = O extends {
  readonly body: { readonly contentType: 'json'; readonly schema: infer S extends z.ZodType };
}
  ? O['body'] extends { readonly required: false }
    ? { readonly body?: z.input<S> }
    : { readonly body: z.input<S> }
  : O extends { readonly body: { readonly contentType: 'bytes' } }
    ? { readonly body: BytesBody }
    : NoFields;

/**
 * What a caller passes to operation `Id`: `pathParams`, `query`, `headers` and `body`, each
 * present only when the operation has it, and optional when all its fields are optional.
 * Types are the schemas' input types (before defaults and coercion).
 */
export type OperationInput<Id extends OperationId> = InputById[Id];

/** The input of one operation type `O` (also of an operation's `init` in `defineOperation`). */
export type InputOf<O> = PathPart<O> & SchemaPart<O, 'query'> & SchemaPart<O, 'headers'> & BodyPart<O>;

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
