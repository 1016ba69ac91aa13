import type { z } from 'zod';
import type { CodeNamesMeta } from '../../../shared/contract/enums';
import type { OperationDef } from '../../../shared/contract/operation';
import { UsageError } from './usage-error';
import { nearestName } from './operation-names';

/*
 * Enumerations on the command line, read from the contract's schemas rather than listed per
 * option: a closed `z.enum` or `z.literal` anywhere in an operation's path, query, headers or
 * JSON body is taken by name, in any letter case, and sent as the contract spells it. An
 * enumeration the wire carries as numeric codes (`exportTo`) names its codes in the schema's
 * metadata (`codeNames`), so `--exportTo bak` is sent as `1`; the codes stay accepted.
 */

/** The values an argument may take, by name. */
export interface Enumeration {
  /** The names, as help and completion show them. */
  readonly names: readonly string[];
  /** The numeric codes, for an enumeration sent as codes; else empty. */
  readonly codes: readonly number[];
  /** Lower-case name (or code as text) to the value the contract takes. */
  readonly byName: ReadonlyMap<string, string | number>;
}

type AnySchema = z.core.$ZodType;

interface WalkedDef {
  readonly type: string;
  readonly innerType?: AnySchema;
  readonly in?: AnySchema;
  readonly out?: AnySchema;
  readonly entries?: Readonly<Record<string, string | number>>;
  readonly values?: readonly unknown[];
  readonly shape?: Readonly<Record<string, AnySchema>>;
  readonly element?: AnySchema;
}

/** Wrappers whose values are those of the schema inside. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch']);

function defOf(schema: AnySchema): WalkedDef {
  return schema._zod.def;
}

function codeNamesOf(schema: AnySchema): CodeNamesMeta['codeNames'] | undefined {
  const meta = (schema as { meta?: () => unknown }).meta?.() as Partial<CodeNamesMeta> | undefined;
  return meta?.codeNames;
}

function enumeration(
  names: readonly string[],
  pairs: [string, string | number][],
  codes: number[],
) {
  return {
    names,
    codes,
    byName: new Map(pairs.map(([name, value]) => [name.toLowerCase(), value])),
  };
}

/** The enumeration a schema accepts, through optional, default and pipe; else undefined. */
export function enumerationOf(schema: AnySchema): Enumeration | undefined {
  const codeNames = codeNamesOf(schema);
  if (codeNames) {
    const pairs = Object.entries(codeNames);
    const codes = pairs.map(([, code]) => code);
    const names = pairs.map(([name]) => name.toLowerCase());
    return enumeration(
      names,
      [...pairs, ...codes.map((c): [string, number] => [String(c), c])],
      codes,
    );
  }
  const def = defOf(schema);
  if (def.type === 'enum' && def.entries) {
    const values = Object.values(def.entries);
    return enumeration(
      values.map(String),
      values.map((v) => [String(v), v]),
      [],
    );
  }
  if (def.type === 'literal' && def.values?.every((v) => typeof v === 'string')) {
    const values = def.values as string[];
    return enumeration(
      values,
      values.map((v) => [v, v]),
      [],
    );
  }
  if (WRAPPERS.has(def.type) && def.innerType) return enumerationOf(def.innerType);
  if (def.type === 'pipe' && def.in && def.out) {
    return enumerationOf(def.out) ?? enumerationOf(def.in);
  }
  return undefined;
}

/** The schema inside optional, default and pipe wrappers (the shape an object or array has). */
function unwrapped(schema: AnySchema): AnySchema {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return unwrapped(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrapped(def.in);
  return schema;
}

/** The allowed names, as an error lists them: `mdf, bak, dacpac (or the codes 0, 1, 2)`. */
function allowedNames(e: Enumeration): string {
  const codes = e.codes.length ? ` (or the codes ${e.codes.join(', ')})` : '';
  return `${e.names.join(', ')}${codes}`;
}

/**
 * The value to send for `given`, matched by name in any letter case. What reads as a number
 * in a code enumeration is left to the schema (it reads `01` as 1, and says what the codes
 * mean to `1.0`).
 */
function valueFor(e: Enumeration, given: string, label: string): string | number {
  const found = e.byName.get(given.trim().toLowerCase());
  if (found !== undefined) return found;
  if (e.codes.length > 0 && /^\s*[-+.\d]/.test(given)) return given;
  const near = nearestName(given.trim(), e.names);
  const hint = near ? ` Did you mean "${near}"?` : '';
  throw new UsageError(`${label} must be one of ${allowedNames(e)}; got "${given}".${hint}`);
}

/**
 * `value` with every enumeration in it given by name replaced by the contract's value, walking
 * `schema` through objects and arrays. `label` names a field in an error (`--exportTo`).
 */
export function withNames(
  schema: AnySchema,
  value: unknown,
  label: (path: string) => string,
  path = '',
): unknown {
  const e = enumerationOf(schema);
  if (e) {
    return typeof value === 'string' ? valueFor(e, value, label(path)) : value;
  }
  const def = defOf(unwrapped(schema));
  if (def.type === 'object' && def.shape && isRecord(value)) {
    const out: Record<string, unknown> = { ...value };
    for (const [key, field] of Object.entries(def.shape)) {
      if (key in out) out[key] = withNames(field, out[key], label, path ? `${path}.${key}` : key);
    }
    return out;
  }
  if (def.type === 'array' && def.element && Array.isArray(value)) {
    const element = def.element;
    return value.map((item, index) => withNames(element, item, label, `${path}[${index}]`));
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The enumeration arguments of an operation (path, query, headers): name to allowed names. */
export function enumerationArguments(op: OperationDef): Record<string, Enumeration> {
  const found: Record<string, Enumeration> = {};
  for (const part of [op.pathParams, op.query, op.headers]) {
    if (part === undefined) continue;
    const def = defOf(unwrapped(part));
    for (const [name, field] of Object.entries(def.shape ?? {})) {
      const e = enumerationOf(field);
      if (e) found[name] = e;
    }
  }
  return found;
}

/**
 * An operation's input with its enumeration arguments and body fields taken by name: a
 * parameter goes on as text (the query schemas read text), a body field as the JSON value.
 */
export function namedInput(
  op: OperationDef,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...input };
  const parts = { pathParams: op.pathParams, query: op.query, headers: op.headers } as const;
  for (const [key, schema] of Object.entries(parts)) {
    const given = out[key];
    if (schema === undefined || !isRecord(given)) continue;
    const named = withNames(schema, given, (path) => `--${path}`) as Record<string, unknown>;
    out[key] = Object.fromEntries(Object.entries(named).map(([n, v]) => [n, String(v)]));
  }
  if (op.body?.contentType === 'json' && out['body'] !== undefined) {
    out['body'] = withNames(op.body.schema, out['body'], (path) => `--body field ${path}`);
  }
  return out;
}
