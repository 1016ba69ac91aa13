/*
 * The closed list of values a zod schema accepts, read from its definition (zod 4 keeps it in
 * `_zod.def`), for shell completion. Wrappers (optional, default, a pipe from text) are looked
 * through; what is not a closed list answers none.
 */

interface Definition {
  readonly type?: string;
  readonly innerType?: unknown;
  readonly in?: unknown;
  readonly out?: unknown;
  readonly options?: readonly unknown[];
  readonly entries?: Readonly<Record<string, unknown>>;
  readonly values?: readonly unknown[];
}

function definitionOf(schema: unknown): Definition | undefined {
  if (schema === null || typeof schema !== 'object') return undefined;
  return (schema as { _zod?: { def?: Definition } })._zod?.def;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly']);

function collect(schema: unknown, into: Set<string>, depth: number): boolean {
  const def = definitionOf(schema);
  if (def === undefined || depth > 8) return false;
  if (def.type !== undefined && WRAPPERS.has(def.type)) {
    return collect(def.innerType, into, depth + 1);
  }
  switch (def.type) {
    case 'enum':
      for (const value of Object.values(def.entries ?? {})) into.add(String(value));
      return true;
    case 'literal':
      for (const value of def.values ?? []) into.add(String(value));
      return true;
    case 'boolean':
      into.add('true');
      into.add('false');
      return true;
    case 'union':
      return (def.options ?? []).every((option) => collect(option, into, depth + 1));
    case 'pipe':
      // A pipe from text (`decimalInteger().pipe(literal)`, `stringbool`): the values are
      // what comes out; a transform out answers none.
      return collect(def.out, into, depth + 1) || collect(def.in, into, depth + 1);
    default:
      return false;
  }
}

/** The values `schema` accepts when they are a closed list; empty otherwise. */
export function schemaValues(schema: unknown): string[] {
  const values = new Set<string>();
  return collect(schema, values, 0) ? [...values] : [];
}
