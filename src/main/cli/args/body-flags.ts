import type { ParseArgsOptionsConfig } from 'node:util';
import type { OperationDef } from '../../../shared/contract/operation';
import { UsageError } from './usage-error';
import { flaggedFields, sketchOf, type BodyField } from './body-fields';
import { withNames } from './enum-args';

/*
 * The body flags on a command line: what parseArgs is told of them, the JSON value each gives
 * its field, and the body they make together with `--body`. A field given both ways is refused,
 * whichever would win: the command line must say one thing.
 */

/** The body flags given on a command line, as parsed (by field name). */
export type BodyFlagValues = Readonly<Record<string, string | readonly string[] | boolean>>;

/** The parseArgs options of `op`'s body flags. */
export function bodyFlagConfig(op: OperationDef): ParseArgsOptionsConfig {
  const config: ParseArgsOptionsConfig = {};
  for (const field of flaggedFields(op)) {
    if (field.kind === 'boolean') {
      config[field.name] = { type: 'boolean' };
      config[`no-${field.name}`] = { type: 'boolean' };
    } else {
      // A list may be given as several flags: --groupIds a --groupIds b.
      config[field.name] = { type: 'string', multiple: field.kind === 'list' };
    }
  }
  return config;
}

/** The body flags among the values parseArgs read, by field name. */
export function bodyFlagValues(op: OperationDef, values: Record<string, unknown>): BodyFlagValues {
  const given: Record<string, string | readonly string[] | boolean> = {};
  for (const field of flaggedFields(op)) {
    const { name } = field;
    if (field.kind === 'boolean') {
      const yes = values[name] === true;
      const no = values[`no-${name}`] === true;
      if (yes && no) throw new UsageError(`Give --${name} or --no-${name}, not both.`);
      if (yes || no) given[name] = yes;
      continue;
    }
    const value = values[name];
    if (typeof value === 'string' || Array.isArray(value)) given[name] = value as string | string[];
  }
  return given;
}

function jsonOf(field: BodyField, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(
      `--${field.name} takes JSON such as ${sketchOf(field.schema)}; "${text}" is not valid JSON.`,
    );
  }
}

/** The items of a list flag: each value a JSON array, or text separated by commas. */
function listOf(field: BodyField, values: readonly string[]): unknown[] {
  return values.flatMap((value) => {
    if (!value.trimStart().startsWith('[')) {
      return value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
    }
    const parsed = jsonOf(field, value);
    if (!Array.isArray(parsed)) throw new UsageError(`--${field.name} takes a JSON array.`);
    return parsed as unknown[];
  });
}

/** The JSON value of one flag's text, as the field's schema takes it. */
function valueOf(field: BodyField, given: string | readonly string[] | boolean): unknown {
  if (typeof given === 'boolean') return given;
  const label = (): string => `--${field.name}`;
  if (field.kind === 'list') return withNames(field.schema, listOf(field, [given].flat()), label);
  const text = [given].flat().at(-1) ?? '';
  if (field.nullable && text === 'null') return null;
  if (field.kind === 'json') return jsonOf(field, text);
  if (field.kind === 'number') {
    // Decimal digits only: 1e3 or 0x10 is more likely a typo than the number meant.
    if (/^[+-]?\d+(\.\d+)?$/.test(text.trim())) return Number(text);
    throw new UsageError(`--${field.name} takes a number written in digits; got "${text}".`);
  }
  return field.kind === 'names' ? withNames(field.schema, text, label) : text;
}

/** The body the flags give: each field in the type its schema takes. */
export function bodyOfFlags(op: OperationDef, given: BodyFlagValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of flaggedFields(op)) {
    const value = given[field.name];
    if (value !== undefined) body[field.name] = valueOf(field, value);
  }
  return body;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The body of the command: the flags' fields and `--body`'s, which must not name the same
 * field twice. Undefined when neither gave any.
 */
export function mergeBody(fromFlags: Record<string, unknown>, fromOption: unknown): unknown {
  const flagged = Object.keys(fromFlags);
  if (flagged.length === 0) return fromOption;
  if (fromOption === undefined) return fromFlags;
  if (!isObject(fromOption)) {
    throw new UsageError(
      `--body is not a JSON object, so --${flagged[0] ?? ''} cannot be added to it: give the whole body in --body, or each field as a flag.`,
    );
  }
  const twice = flagged.find((name) => name in fromOption);
  if (twice !== undefined) {
    throw new UsageError(
      `The body field ${twice} is given twice, in --body and as --${twice}: give it one way.`,
    );
  }
  return { ...fromOption, ...fromFlags };
}
