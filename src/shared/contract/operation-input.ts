import type { z } from 'zod';

/*
 * The input type of one operation, from its schemas alone. Kept apart from
 * operation-types.ts (which keys inputs by the catalogue's ids) so that operation.ts can type
 * `defineOperation` without importing the catalogue it is used to build.
 */

/** Raw bytes of an upload part, as the client hands them to the HTTP layer. */
export type BytesBody = Uint8Array | AsyncIterable<Uint8Array>;

type NoFields = Record<never, never>;

/** `{ [key]: T }`, optional when every field of `T` is optional (e.g. all have defaults). */
type Part<Key extends string, T> = NoFields extends T
  ? { readonly [K in Key]?: T }
  : { readonly [K in Key]: T };

/** Which side of the schemas a type describes: what callers give, or what the schemas make of it. */
type Side = 'input' | 'output';
type Of<S extends z.ZodType, M extends Side> = M extends 'input' ? z.input<S> : z.output<S>;

type PathPart<O, M extends Side> = O extends { readonly pathParams: infer P extends z.ZodType }
  ? keyof Of<P, M> extends never
    ? NoFields
    : Part<'pathParams', Of<P, M>>
  : NoFields;

type SchemaPart<O, Field extends 'query' | 'headers', M extends Side> = O extends {
  readonly [K in Field]: infer S extends z.ZodType;
}
  ? Part<Field, Of<S, M>>
  : NoFields;

type BodyPart<O, M extends Side> = O extends {
  readonly body: { readonly contentType: 'json'; readonly schema: infer S extends z.ZodType };
}
  ? O['body'] extends { readonly required: false }
    ? { readonly body?: Of<S, M> }
    : { readonly body: Of<S, M> }
  : O extends { readonly body: { readonly contentType: 'bytes' } }
    ? { readonly body: BytesBody }
    : NoFields;

type InputSide<O, M extends Side> = PathPart<O, M> &
  SchemaPart<O, 'query', M> &
  SchemaPart<O, 'headers', M> &
  BodyPart<O, M>;

/** The input of one operation type `O`, as a caller gives it (`limit` as `'007'` or `7`). */
export type InputOf<O> = InputSide<O, 'input'>;

/**
 * The input of one operation type `O` after its schemas: the canonical values that are sent
 * (`limit` as `7`). An operation's job declaration reads this form (see `defineOperation`).
 */
export type ParsedInputOf<O> = InputSide<O, 'output'>;
