import type { z } from 'zod';
import type { OperationDef } from '../../../shared/contract/operation';
import { UsageError } from './operation-args';
import { LIST_OPTIONS_TABLE } from './global-options';
import { flagNames, valueNames } from './option-spec';

/*
 * The options of the lists the CLI reads more than the service answers: `--all-instances`
 * (the same list on every instance), and filters the service has no parameter for:
 * `--status NAME[,NAME]`, `--since 30m|24h|7d` and `--blocking`. Which list takes which is
 * read from the operation's schemas (a record with a `status` of known values, a creation
 * time, a `blockingSessionId`), not written per command.
 */

/** The list options of one command line. */
export interface ListArgs {
  readonly allInstances: boolean;
  /** `--status`, as given (matched to the record's known statuses later). */
  readonly status?: string;
  /** `--since`, in milliseconds before now. */
  readonly sinceMs?: number;
  readonly blocking: boolean;
}

const FLAGS = flagNames(LIST_OPTIONS_TABLE).map((name) => `--${name}`);
const VALUES = valueNames(LIST_OPTIONS_TABLE).map((name) => `--${name}`);

/** The time fields a record may carry, any of which counts for `--since`. */
const TIME_FIELDS = ['createTime', 'endTime', 'createdAt', 'createDate'] as const;

const UNIT_MS: Readonly<Record<string, number>> = {
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
};

/** `30m`, `24h`, `7d` or `2w` in milliseconds. */
export function durationMs(text: string): number {
  const match = /^\s*(\d+)\s*([mhdw])\s*$/i.exec(text);
  const count = Number(match?.[1]);
  const unit = UNIT_MS[match?.[2]?.toLowerCase() ?? ''];
  if (!match || unit === undefined || !(count > 0)) {
    throw new UsageError(
      `--since takes a duration: a whole number with m (minutes), h (hours), d (days) or w (weeks), e.g. 30m, 24h or 7d; got "${text}".`,
    );
  }
  return count * unit;
}

/**
 * Takes the list options out of `argv` (up to `--`); the rest goes to the catalogue's parser.
 * Answers no `list` when none was given.
 */
export function takeListArgs(argv: readonly string[]): { argv: string[]; list?: ListArgs } {
  const rest: string[] = [];
  const found: { allInstances: boolean; blocking: boolean; status?: string; since?: string } = {
    allInstances: false,
    blocking: false,
  };
  let given = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    const [name = '', inline] = arg.split(/=(.*)/s, 2);
    if (FLAGS.includes(name)) {
      if (inline !== undefined) throw new UsageError(`${name} takes no value.`);
      if (name === '--all-instances') found.allInstances = true;
      else found.blocking = true;
      given = true;
    } else if (VALUES.includes(name)) {
      const value = inline ?? argv[(i += 1)];
      if (value === undefined || value === '') throw new UsageError(`${name} needs a value.`);
      found[name === '--status' ? 'status' : 'since'] = value;
      given = true;
    } else rest.push(arg);
  }
  if (!given) return { argv: rest };
  const { since, ...list } = found;
  return {
    argv: rest,
    list: { ...list, ...(since === undefined ? {} : { sinceMs: durationMs(since) }) },
  };
}

type AnySchema = z.core.$ZodType;

interface Def {
  readonly type: string;
  readonly element?: AnySchema;
  readonly innerType?: AnySchema;
  readonly shape?: Readonly<Record<string, AnySchema>>;
}

function defOf(schema: AnySchema | undefined): Def | undefined {
  return schema?._zod.def;
}

/** The fields of the records an operation lists; undefined when it does not answer a list. */
function recordFields(op: OperationDef): Readonly<Record<string, AnySchema>> | undefined {
  if (op.method !== 'GET' || op.response.kind !== 'json') return undefined;
  const list = defOf(op.response.schema);
  if (list?.type !== 'array') return undefined;
  return defOf(list.element)?.shape;
}

/** The known values of a response field (`openEnum` keeps them in its metadata). */
function knownValues(field: AnySchema | undefined): readonly string[] | undefined {
  let schema = field;
  while (schema) {
    const meta = (schema as { meta?: () => unknown }).meta?.() as
      { knownValues?: readonly string[] } | undefined;
    if (meta?.knownValues) return meta.knownValues;
    schema = defOf(schema)?.innerType;
  }
  return undefined;
}

/** True when `op` lists records of one instance: it can be run on every instance. */
function listsPerInstance(op: OperationDef): boolean {
  const path = Object.keys(op.pathParams.shape);
  return path.length === 1 && path[0] === 'instanceName' && recordFields(op) !== undefined;
}

/** Which list options an operation takes, from its records' fields. */
export function listOptionsOf(op: OperationDef): {
  allInstances: boolean;
  status?: readonly string[];
  since: readonly string[];
  blocking: boolean;
} {
  const fields = recordFields(op) ?? {};
  const status = knownValues(fields['status']);
  return {
    allInstances: listsPerInstance(op),
    ...(status ? { status } : {}),
    since: TIME_FIELDS.filter((name) => name in fields),
    blocking: 'blockingSessionId' in fields,
  };
}

/** The name of a list option (`all-instances`, `status`, `since`, `blocking`). */
export type ListOptionName = keyof typeof LIST_OPTIONS_TABLE;

/** The list options an operation takes, by their names in the option table, in its order. */
export function listOptionNamesOf(op: OperationDef): ListOptionName[] {
  const takes = listOptionsOf(op);
  const taken: Record<ListOptionName, boolean> = {
    'all-instances': takes.allInstances,
    status: takes.status !== undefined,
    since: takes.since.length > 0,
    blocking: takes.blocking,
  };
  return (Object.keys(LIST_OPTIONS_TABLE) as ListOptionName[]).filter((name) => taken[name]);
}
