import type { z } from 'zod';
import type { OperationDef } from '../../../shared/contract/operation';
import { isSecretFieldName } from '../../services/log/redact';
import { enumerationOf, type Enumeration } from './enum-args';
import { GLOBAL_OPTION_NAMES } from './options';

/*
 * The fields of an operation's JSON body as command-line flags, read from its zod schema:
 * `databases create --databaseName D` for `{"databaseName":"D"}`. Each top-level field of an
 * object body becomes a flag of its own name, typed by its schema: text, a number, a boolean
 * (`--NAME` / `--no-NAME`), a name of an enumeration, a list of text, or JSON for anything
 * nested. Parsing (args/operation-args.ts), help (help/command-help.ts) and completion all read this one
 * description, so a field added to the contract is a flag everywhere at once.
 */

type AnySchema = z.core.$ZodType;

/** How a field's flag takes its value. */
type BodyFieldKind = 'text' | 'number' | 'boolean' | 'names' | 'list' | 'json';

/** One top-level field of a JSON body. */
export interface BodyField {
  /** The field's name in the body, which is also its flag's (`--databaseName`). */
  readonly name: string;
  readonly kind: BodyFieldKind;
  /** The body must hold it (not optional, no default). */
  readonly required: boolean;
  /** It may be null (`--NAME null`). */
  readonly nullable: boolean;
  /** Its names (kind `names`), or the names of a list's elements. */
  readonly enumeration?: Enumeration;
  /** What the text must look like, when the schema says (a date and time). */
  readonly format?: string;
  /** The field's schema: nested fields are described from it. */
  readonly schema: AnySchema;
  /** Why it takes no flag (a secret, or a name another option has); undefined: it does. */
  readonly noFlag?: string;
}

interface Def {
  readonly type: string;
  readonly innerType?: AnySchema;
  readonly in?: AnySchema;
  readonly element?: AnySchema;
  readonly shape?: Readonly<Record<string, AnySchema>>;
  readonly format?: string;
}

function defOf(schema: AnySchema): Def {
  return schema._zod.def;
}

/** Wrappers that leave a field out or null; the type is the schema inside. */
const OPTIONAL = new Set(['optional', 'default', 'prefault']);
const TRANSPARENT = new Set(['readonly', 'catch', 'nonoptional']);

/** What a schema's metadata says the text must look like (`.meta({ description })`). */
function descriptionOf(schema: AnySchema): string | undefined {
  const meta = (schema as { meta?: () => { description?: unknown } | undefined }).meta?.();
  return typeof meta?.description === 'string' ? meta.description : undefined;
}

interface Unwrapped {
  readonly inner: AnySchema;
  readonly optional: boolean;
  readonly nullable: boolean;
  readonly description?: string;
}

/** The schema inside the wrappers, and whether they make it optional or nullable. */
function unwrap(schema: AnySchema): Unwrapped {
  let inner = schema;
  let optional = false;
  let nullable = false;
  let description = descriptionOf(schema);
  for (let depth = 0; depth < 8; depth += 1) {
    const def = defOf(inner);
    if (OPTIONAL.has(def.type)) optional = true;
    else if (def.type === 'nullable') nullable = true;
    else if (def.type === 'pipe' && def.in && !enumerationOf(inner)) {
      // A pipe from text (a date normalised, a number read from digits) takes its input.
      inner = def.in;
      description ??= descriptionOf(inner);
      continue;
    } else if (!TRANSPARENT.has(def.type)) break;
    if (!def.innerType) break;
    inner = def.innerType;
    description ??= descriptionOf(inner);
  }
  return { inner, optional, nullable, ...(description ? { description } : {}) };
}

function isTextLike(schema: AnySchema): boolean {
  const { inner } = unwrap(schema);
  return defOf(inner).type === 'string' || enumerationOf(inner) !== undefined;
}

function kindOf(inner: AnySchema): BodyFieldKind {
  if (enumerationOf(inner)) return 'names';
  const def = defOf(inner);
  if (def.type === 'string') return 'text';
  if (def.type === 'number' || def.type === 'int') return 'number';
  if (def.type === 'boolean') return 'boolean';
  if (def.type === 'array' && def.element && isTextLike(def.element)) return 'list';
  return 'json';
}

/** The object a JSON body is, when it is one (an array body has no fields to flag). */
function objectShape(op: OperationDef): Readonly<Record<string, AnySchema>> | undefined {
  if (op.body?.contentType !== 'json') return undefined;
  const def = defOf(unwrap(op.body.schema).inner);
  return def.type === 'object' ? (def.shape ?? {}) : undefined;
}

/**
 * Names a body field cannot take as a flag, since the command line already gives them another
 * meaning: every option of the table (args/global-options.ts), and the operation's own path,
 * query and header parameters.
 */
function takenNames(op: OperationDef): Set<string> {
  return new Set<string>([
    ...GLOBAL_OPTION_NAMES,
    ...Object.keys(op.pathParams.shape),
    ...Object.keys(op.query?.shape ?? {}),
    ...Object.keys(op.headers?.shape ?? {}),
  ]);
}

function noFlagReason(name: string, taken: Set<string>): string | undefined {
  if (isSecretFieldName(name)) {
    // A command line stays in the shell's history and shows in the process list.
    return `a secret: never a flag, which the shell's history would keep; give it in --body @FILE`;
  }
  if (taken.has(name) || taken.has(`no-${name}`)) {
    return `--${name} is another option of the command line; give it in --body`;
  }
  return undefined;
}

/** What the text must look like: the schema's description, or its string format. */
function formatOf(def: Def, description: string | undefined): string | undefined {
  return description ?? (def.format === 'datetime' ? 'an ISO 8601 date and time' : undefined);
}

/** The top-level fields of `op`'s JSON body, in the schema's order; empty for other bodies. */
export function bodyFields(op: OperationDef): BodyField[] {
  const shape = objectShape(op);
  if (shape === undefined) return [];
  const taken = takenNames(op);
  return Object.entries(shape).map(([name, schema]) => {
    const { inner, optional, nullable, description } = unwrap(schema);
    const kind = kindOf(inner);
    const def = defOf(inner);
    const element = kind === 'list' && def.element ? unwrap(def.element).inner : undefined;
    const enumeration = enumerationOf(element ?? inner);
    const noFlag = noFlagReason(name, taken);
    return {
      name,
      kind,
      required: !optional,
      nullable,
      ...(enumeration ? { enumeration } : {}),
      ...(formatOf(def, description) ? { format: formatOf(def, description) } : {}),
      schema,
      ...(noFlag ? { noFlag } : {}),
    };
  });
}

/** The fields of `op`'s body that take a flag. */
export function flaggedFields(op: OperationDef): BodyField[] {
  return bodyFields(op).filter((field) => field.noFlag === undefined);
}

/**
 * A nested schema written out for help: `{cidrBlock: text, comment: text}`,
 * `[{operation: Add|Remove, ...}]`; `?` marks an optional field.
 */
export function sketchOf(schema: AnySchema, depth = 0): string {
  const { inner } = unwrap(schema);
  const names = enumerationOf(inner);
  if (names) return names.names.join('|');
  const def = defOf(inner);
  if (depth > 3) return 'JSON';
  if (def.type === 'array' && def.element) return `[${sketchOf(def.element, depth + 1)}, ...]`;
  if (def.type === 'object') {
    const fields = Object.entries(def.shape ?? {}).map(([key, field]) => {
      const mark = unwrap(field).optional ? '?' : '';
      return `${key}${mark}: ${sketchOf(field, depth + 1)}`;
    });
    return `{${fields.join(', ')}}`;
  }
  if (def.type === 'record') return '{NAME: VALUE, ...}';
  if (def.type === 'string') return 'text';
  if (def.type === 'number' || def.type === 'int') return 'number';
  if (def.type === 'boolean') return 'true|false';
  return 'JSON';
}

/** What a flag's value is written as in help and errors. */
const PLACEHOLDER: Readonly<Record<Exclude<BodyFieldKind, 'boolean' | 'names'>, string>> = {
  text: 'TEXT',
  number: 'NUMBER',
  list: 'TEXT[,TEXT...]',
  json: 'JSON',
};

/** The flag as help writes it: `--databaseName TEXT`, `--pinned | --no-pinned`. */
export function flagUsage(field: BodyField): string {
  if (field.kind === 'boolean') return `--${field.name} | --no-${field.name}`;
  const names = field.enumeration?.names.join('|');
  if (field.kind === 'names') return `--${field.name} ${names ?? 'NAME'}`;
  if (field.kind === 'list' && names) return `--${field.name} ${names}[,...]`;
  return `--${field.name} ${PLACEHOLDER[field.kind]}`;
}
