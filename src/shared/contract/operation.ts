import { z } from 'zod';
import { ROLES, type Role } from './enums';
import type { JobDeclaration } from './job-declaration';
import type { ParsedInputOf } from './operation-input';
import { isDotSegment, type ServiceName } from './paths';

/** HTTP methods used by the interface. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Endpoint groups; an operation id is `<group>.<verbNoun>`. */
type OperationGroup =
  | 'archives'
  | 'cluster'
  | 'databases'
  | 'uploads'
  | 'jobs'
  | 'sessions'
  | 'logins'
  | 'clientIp'
  | 'instances'
  | 'linkedServers'
  | 'auth';

/**
 * A request body. `json` bodies are validated with `schema`; `required: false` marks bodies
 * whose fields are all optional, which the emulator reads as `{}` when absent. `bytes` is
 * raw `application/octet-stream` content (an upload part).
 */
type BodySpec =
  | { readonly contentType: 'json'; readonly schema: z.ZodType; readonly required: boolean }
  | { readonly contentType: 'bytes' };

/**
 * A success answer. `json` is parsed with `schema`; `emptyOn` lists success statuses that
 * carry no body (delete login: 200/202 with a body, 204 without). `string` answers are a
 * JSON string or plain text (job status, pre-signed part URL, part ETag). `none` has no body.
 */
type ResponseSpec =
  | {
      readonly kind: 'json';
      readonly schema: z.ZodType;
      readonly emptyOn?: readonly number[];
    }
  | { readonly kind: 'string'; readonly schema: z.ZodType<string, string> }
  | { readonly kind: 'none' };

/** One operation of the service, as data. See `catalogue.ts` for the list. */
export interface OperationDef {
  /** `<group>.<verbNoun>`, unique. */
  readonly id: string;
  readonly group: OperationGroup;
  readonly method: HttpMethod;
  readonly service: ServiceName;
  /** Path template relative to the service's base address, with the interface's casing. */
  readonly path: string;
  /** Schema of the `{name}` parameters of `path` (values arrive as strings from a URL). */
  readonly pathParams: z.ZodObject;
  /** Schema of the query string, or undefined when the operation takes none. */
  readonly query: z.ZodObject | undefined;
  /** Schema of required request headers (lower-case names), or undefined. */
  readonly headers: z.ZodObject | undefined;
  readonly body: BodySpec | undefined;
  /** Success statuses exactly as the interface lists them. */
  readonly success: readonly number[];
  readonly response: ResponseSpec;
  /** Response headers that carry meaning (move answers the job URL in `Location`). */
  readonly responseHeaders: readonly string[];
  /** Status for "no such entity": 404, except the job operations, which answer 410. */
  readonly notFoundStatus: 404 | 410;
  /** True when the operation starts a background job and answers its id (it has a `job`). */
  readonly startsJob: boolean;
  /** The job it starts and how the app labels it (see {@link JobDeclaration}). */
  readonly job?: JobDeclaration;
  /** True when repeating the request cannot change the outcome (safe to retry). */
  readonly idempotent: boolean;
  /** Roles allowed to call it (records.md "Permissions [ours]"); others get 403. */
  readonly roles: readonly Role[];
  /** One line for CLI `--help` and the command palette. */
  readonly summary: string;
}

interface OperationDefaults {
  readonly query: undefined;
  readonly headers: undefined;
  readonly body: undefined;
  readonly responseHeaders: readonly [];
  readonly notFoundStatus: 404;
}

/**
 * What an endpoint file writes: the fields of {@link OperationDef}, some with defaults.
 * `startsJob` and `job` are not written here: a job is declared as the second argument of
 * {@link defineOperation}.
 */
export type OperationInit = Omit<
  OperationDef,
  keyof OperationDefaults | 'idempotent' | 'startsJob' | 'job'
> &
  Partial<Pick<OperationDef, keyof OperationDefaults | 'idempotent'>>;

type Simplify<T> = { [K in keyof T]: T[K] };

/** The operation type `defineOperation` produces: literal types of `init`, defaults for the rest. */
export type DefinedOperation<T extends OperationInit, Job = undefined> = Simplify<
  Omit<OperationDefaults, keyof T> &
    Omit<T, 'idempotent'> &
    (Job extends JobDeclaration<never>
      ? { readonly startsJob: true; readonly job: Job }
      : { readonly startsJob: false }) & { readonly idempotent: boolean }
>;

/** Methods HTTP defines as idempotent; POST and PATCH opt in one by one. */
const IDEMPOTENT_METHODS: readonly HttpMethod[] = ['GET', 'PUT', 'DELETE'];

/**
 * Declares one operation, keeping its literal types (id, schemas) for the type helpers and
 * filling defaults: no query, headers or body, 404 for "not found", and `idempotent` from
 * the method unless given. An operation that starts a background job passes its
 * {@link JobDeclaration} second (its functions take the operation's own input after its
 * schemas, which a second argument can see and a field of `init` could not); `startsJob` is
 * true exactly then.
 */
export function defineOperation<const T extends OperationInit>(init: T): DefinedOperation<T>;
export function defineOperation<const T extends OperationInit>(
  init: T,
  job: JobDeclaration<ParsedInputOf<T>>,
): DefinedOperation<T, JobDeclaration<ParsedInputOf<T>>>;
// The overloads give the literal types; this body builds the same object for both.
export function defineOperation(init: OperationInit, job?: JobDeclaration<never>): unknown {
  const defined: OperationDef = {
    query: undefined,
    headers: undefined,
    body: undefined,
    responseHeaders: [],
    notFoundStatus: 404,
    ...init,
    startsJob: job !== undefined,
    ...(job === undefined ? {} : { job }),
    idempotent: init.idempotent ?? IDEMPOTENT_METHODS.includes(init.method),
  };
  return defined;
}

/** Roles from `role` upwards, e.g. `atLeast('Contributor')` is Contributor and Admin. */
export function atLeast(role: Role): readonly Role[] {
  return ROLES.slice(ROLES.indexOf(role));
}

/** A required path parameter: non-empty text, decoded from one URL segment. */
export function pathText(name: string) {
  return z
    .string()
    .min(1, { error: `${name} is required` })
    .refine((value) => !isDotSegment(value), {
      error: `${name} cannot be "." or "..": in a URL that names the folder above, not the resource`,
    });
}

/** Path parameters of every operation under `/v1/sql-instances/{instanceName}`. */
export const instanceParams = { instanceName: pathText('instanceName') };

/** Path parameters of operations on an existing database of an instance. */
export const databaseParams = { ...instanceParams, databaseName: pathText('databaseName') };

/** JSON body helper: `json(Schema)` for required bodies, `json(Schema, false)` otherwise. */
export function json<S extends z.ZodType>(schema: S, required?: true): JsonBody<S, true>;
export function json<S extends z.ZodType>(schema: S, required: false): JsonBody<S, false>;
export function json<S extends z.ZodType>(schema: S, required = true): JsonBody<S, boolean> {
  return { contentType: 'json', schema, required };
}

/** A JSON body spec with its schema and required flag kept as literal types. */
export interface JsonBody<S extends z.ZodType, R extends boolean> {
  readonly contentType: 'json';
  readonly schema: S;
  readonly required: R;
}

/** JSON answer helper. */
export function jsonAnswer<S extends z.ZodType>(
  schema: S,
): { readonly kind: 'json'; readonly schema: S } {
  return { kind: 'json', schema };
}

/** The "no body" answer. */
export const noBody = { kind: 'none' } as const;
