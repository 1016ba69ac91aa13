import { z } from 'zod';
import { catalogue, type OperationId } from '../contract/catalogue';
import type { OperationInput, OperationOutput } from '../contract/operation-types';
import type { OperationDef } from '../contract/operation';
import { AuditActionSchema } from '../model/audit';
import type { ChannelDef } from './channel';

/*
 * One invoke channel per operation of the service catalogue, generated: `databases.list`
 * becomes `databases:list`, its input is `{ profileId, pathParams?, query?, headers?, body? }`
 * checked with the operation's own schemas, its output is the operation's answer. Main calls
 * the operation on the profile's connection, so the renderer never holds a token.
 */

/**
 * Operations that never cross IPC: sign-in goes through `session:connect` (tokens stay in
 * main), and the byte-level upload steps (multipart parts, the pre-signed URL of a
 * single-stream upload) are done by the transfer engine in main.
 */
type ExcludedOperationId = `auth.${string}` | `uploads.${string}` | 'databases.prepareImport';

/** The operations offered over IPC. */
export type ResourceOperationId = Exclude<OperationId, ExcludedOperationId>;

/** `databases.list` → `databases:list`. */
type ResourceChannelOf<Id extends string> = Id extends `${infer G}.${infer V}`
  ? `${G}:${V}`
  : never;

/** The channel name of every offered operation. */
export type ResourceChannel = ResourceChannelOf<ResourceOperationId>;

/**
 * The user action a call of the window is made for, when it is one of several: a bulk action
 * on the rows ticked in a table. Main starts every other action itself (a transfer's), and a
 * call sent without one is an action of its own.
 */
const WindowActionSchema = AuditActionSchema.extend({ kind: z.literal('bulk') });
/** See {@link WindowActionSchema}. */
export type WindowAction = z.infer<typeof WindowActionSchema>;

/** What the renderer sends for operation `Id`: the profile plus the operation's input. */
type ResourceInput<Id extends ResourceOperationId> = {
  readonly profileId: string;
  readonly action?: WindowAction;
} & OperationInput<Id>;

/** The contract entries of the resource channels, typed per operation. */
export type ResourceChannels = {
  readonly [Id in ResourceOperationId as ResourceChannelOf<Id>]: ChannelDef<
    z.ZodType<ResourceInput<Id>, ResourceInput<Id>>,
    z.ZodType<OperationOutput<Id>>
  > & { readonly operationId: Id };
};

/** True for operations that never cross IPC (see {@link ExcludedOperationId}). */
export function isExcludedOperation(id: string): boolean {
  return id.startsWith('auth.') || id.startsWith('uploads.') || id === 'databases.prepareImport';
}

/** The channel name of an operation id. */
function resourceChannelOf(id: string): string {
  return id.replace('.', ':');
}

/** A schema that also accepts absence when an empty object would pass. */
function optionalWhenEmpty(schema: z.ZodType): z.ZodType {
  return schema.safeParse({}).success ? schema.optional() : schema;
}

function inputSchemaOf(op: OperationDef): z.ZodType {
  const shape: Record<string, z.ZodType> = {
    profileId: z.string().min(1, { error: 'profileId is required' }),
    action: WindowActionSchema.optional(),
    pathParams: optionalWhenEmpty(op.pathParams),
  };
  if (op.query) shape['query'] = optionalWhenEmpty(op.query);
  if (op.headers) shape['headers'] = optionalWhenEmpty(op.headers);
  if (op.body?.contentType === 'json') {
    shape['body'] = op.body.required ? op.body.schema : op.body.schema.optional();
  }
  // Strict: a field the operation does not take is a mistake of the caller, not ignored.
  return z.strictObject(shape);
}

function outputSchemaOf(op: OperationDef): z.ZodType {
  const answer = op.response;
  if (answer.kind === 'none') return z.undefined();
  if (answer.kind === 'string') return answer.schema;
  return answer.emptyOn ? answer.schema.optional() : answer.schema;
}

function buildResourceChannels(): ResourceChannels {
  const entries = catalogue
    .filter((op) => !isExcludedOperation(op.id))
    .map(
      (op) =>
        [
          resourceChannelOf(op.id),
          {
            input: inputSchemaOf(op),
            output: outputSchemaOf(op),
            summary: op.summary,
            operationId: op.id,
          },
        ] as const,
    );
  // The loop loses the per-operation types that the mapped type states; the schemas are the
  // operation's own, so the cast only restores what the catalogue already says.
  return Object.fromEntries(entries) as unknown as ResourceChannels;
}

/** The generated resource channels. */
export const resourceChannels: ResourceChannels = buildResourceChannels();

/** The operation behind a channel name, or undefined when it is not a resource channel. */
export function operationOfChannel(channel: string): ResourceOperationId | undefined {
  const def = (
    resourceChannels as Record<string, { operationId: ResourceOperationId } | undefined>
  )[channel];
  return def?.operationId;
}
