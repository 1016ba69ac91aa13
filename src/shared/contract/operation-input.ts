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

/** The input of one operation type `O` (also of an operation's `init` in `defineOperation`). */
export type InputOf<O> = PathPart<O> &
  SchemaPart<O, 'query'> &
  SchemaPart<O, 'headers'> &
  BodyPart<O>;
