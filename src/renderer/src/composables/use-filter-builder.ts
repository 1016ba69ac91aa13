import { computed, ref, watch, type ComputedRef, type Ref } from 'vue';
import type { FilterExpr, FilterValue } from '@shared/filter/ast';
import {
  cmp,
  combineAll,
  describeProperty,
  inList,
  or,
  valueFromInput,
} from '@shared/filter/builder';
import { tryParseFilter, type FilterParseResult } from '@shared/filter/parser';
import { printFilter } from '@shared/filter/printer';
import { isListOperator, type FilterTableName, type OperatorChoice } from '@shared/filter/tables';

/*
 * The filter builder: rows of `property operator value` joined by AND or OR, kept in step with
 * the filter text (which the user may also edit). The text is the truth that is sent; the rows
 * are a view of it whenever the text is simple enough (one flat AND or OR of conditions).
 */

/** How the builder's rows are joined. */
export type FilterJoin = 'AND' | 'OR';

/** One row of the builder. `values` is used by IN and NOT IN, `value` by the comparisons. */
export interface FilterCondition {
  readonly id: number;
  property: string;
  operator: OperatorChoice;
  value: string;
  values: string[];
}

/** A row without its id (what a parsed filter gives). */
export type FilterConditionDraft = Omit<FilterCondition, 'id'>;

/** A row read as a filter tree, or why it cannot be yet. */
export type ConditionResult = { ok: true; expr: FilterExpr } | { ok: false; message: string };

function readValues(table: FilterTableName, property: string, inputs: readonly string[]) {
  const values: FilterValue[] = [];
  for (const input of inputs) {
    const read = valueFromInput(table, property, input);
    if (!read.ok) return read;
    values.push(read.value);
  }
  return { ok: true as const, values };
}

/** Reads one row as a filter tree with the grammar's own builders and checks. */
export function conditionToExpr(
  table: FilterTableName,
  condition: FilterConditionDraft,
): ConditionResult {
  const property = describeProperty(table, condition.property);
  if (!property) return { ok: false, message: `Choose a property` };
  if (!property.choices.includes(condition.operator)) {
    return {
      ok: false,
      message: `${property.name} allows ${property.choices.join(', ')}, not ${condition.operator}`,
    };
  }
  if (isListOperator(condition.operator)) {
    const inputs = condition.values.filter((value) => value.trim() !== '');
    if (inputs.length === 0) return { ok: false, message: 'Add at least one value to the list' };
    const read = readValues(table, property.name, inputs);
    if (!read.ok) return read;
    return { ok: true, expr: inList(property.name, read.values, condition.operator === 'NOT IN') };
  }
  if (condition.value.trim() === '') return { ok: false, message: 'Enter a value' };
  const read = valueFromInput(table, property.name, condition.value);
  if (!read.ok) return read;
  return { ok: true, expr: cmp(property.name, condition.operator, read.value) };
}

/** The builder's rows as one filter tree, or the problem of each row that is not ready. */
export type BuiltFilter =
  { ok: true; expr: FilterExpr | null } | { ok: false; problems: ReadonlyMap<number, string> };

/** Joins the rows; `null` when there are none. */
export function buildFilter(
  table: FilterTableName,
  conditions: readonly FilterCondition[],
  join: FilterJoin,
): BuiltFilter {
  const problems = new Map<number, string>();
  const exprs: FilterExpr[] = [];
  for (const condition of conditions) {
    const result = conditionToExpr(table, condition);
    if (result.ok) exprs.push(result.expr);
    else problems.set(condition.id, result.message);
  }
  if (problems.size > 0) return { ok: false, problems };
  const [first, ...rest] = exprs;
  if (join === 'OR' && first) return { ok: true, expr: or(first, ...rest) };
  return { ok: true, expr: combineAll(exprs) };
}

function valueText(value: FilterValue): string {
  return typeof value.value === 'number' ? String(value.value) : value.value;
}

function draftOf(expr: FilterExpr): FilterConditionDraft | undefined {
  if (expr.kind === 'comparison') {
    return {
      property: expr.property,
      operator: expr.operator,
      value: valueText(expr.value),
      values: [],
    };
  }
  if (expr.kind === 'in') {
    const operator = expr.negated ? 'NOT IN' : 'IN';
    return { property: expr.property, operator, value: '', values: expr.values.map(valueText) };
  }
  return undefined;
}

/**
 * The rows of a parsed filter when it is one condition or a flat AND/OR of conditions;
 * `undefined` when it nests (only the text can show it then).
 */
export function conditionsFromExpr(
  expr: FilterExpr | null,
): { join: FilterJoin; conditions: FilterConditionDraft[] } | undefined {
  if (expr === null) return { join: 'AND', conditions: [] };
  if (expr.kind === 'comparison' || expr.kind === 'in') {
    const draft = draftOf(expr);
    return draft ? { join: 'AND', conditions: [draft] } : undefined;
  }
  const drafts = expr.operands.map(draftOf);
  if (drafts.some((draft) => draft === undefined)) return undefined;
  return { join: expr.kind === 'and' ? 'AND' : 'OR', conditions: drafts as FilterConditionDraft[] };
}

/** What {@link useFilterBuilder} answers. */
export interface FilterBuilder {
  /** The filter text, shown and editable. */
  readonly text: Ref<string>;
  /** The live parse of `text`. */
  readonly parsed: ComputedRef<FilterParseResult>;
  /** The parse error and its 0-based position, when the text does not parse. */
  readonly error: ComputedRef<{ message: string; position: number } | undefined>;
  readonly conditions: Ref<FilterCondition[]>;
  readonly join: Ref<FilterJoin>;
  /** Each row's problem, by row id. */
  readonly problems: ComputedRef<ReadonlyMap<number, string>>;
  /** False when the text parses but nests deeper than the rows can show. */
  readonly isRepresentable: ComputedRef<boolean>;
  /** The canonical text last applied (what the list is filtered by). */
  readonly applied: Ref<string>;
  /** True when the text differs from what is applied. */
  readonly isDirty: ComputedRef<boolean>;
  addCondition(draft?: Partial<FilterConditionDraft>): void;
  removeCondition(id: number): void;
  /** Applies the text when it parses (answers false and changes nothing otherwise). */
  apply(): boolean;
  /** Empties the rows and the text, and applies the empty filter. */
  clear(): void;
}

/** Options of {@link useFilterBuilder}. */
export interface FilterBuilderOptions {
  readonly table: FilterTableName;
  /** The filter already applied (e.g. kept by the store). */
  readonly initialText?: string;
  /** The row a new condition starts as. */
  readonly defaultCondition?: FilterConditionDraft;
}

const DEFAULT_CONDITION: FilterConditionDraft = {
  property: 'name',
  operator: 'LIKE',
  value: '',
  values: [],
};

/** The reactive core of a builder: text, rows and what each says. */
interface BuilderCore {
  readonly text: Ref<string>;
  readonly conditions: Ref<FilterCondition[]>;
  readonly join: Ref<FilterJoin>;
  readonly parsed: ComputedRef<FilterParseResult>;
  readonly fromText: ComputedRef<ReturnType<typeof conditionsFromExpr>>;
  readonly built: ComputedRef<BuiltFilter>;
  readonly withId: (draft: FilterConditionDraft) => FilterCondition;
}

/**
 * Keeps rows and text in step without ping-pong: each side is written only when the other
 * means something different (compared as canonical text).
 */
function linkRowsAndText(core: BuilderCore): void {
  const { text, conditions, join, parsed, fromText, built, withId } = core;

  function rowsFromText(): void {
    const rows = fromText.value;
    if (!rows || !parsed.value.ok) return;
    if (built.value.ok && printFilter(built.value.expr) === printFilter(parsed.value.expr)) return;
    conditions.value = rows.conditions.map(withId);
    join.value = rows.join;
  }

  function textFromRows(): void {
    if (!built.value.ok) return;
    // Rows never overwrite text they cannot show (a nested filter) or text being fixed.
    if (!parsed.value.ok || fromText.value === undefined) return;
    const printed = printFilter(built.value.expr);
    if (printed !== printFilter(parsed.value.expr)) text.value = printed;
  }

  rowsFromText();
  watch(text, rowsFromText);
  watch([conditions, join], textFromRows, { deep: true });
}

/** The builder's state, rows and text kept in step (see the module comment). */
export function useFilterBuilder(options: FilterBuilderOptions): FilterBuilder {
  const { table } = options;
  let nextId = 1;
  const withId = (draft: FilterConditionDraft): FilterCondition => ({ ...draft, id: nextId++ });
  const text = ref(options.initialText ?? '');
  const initial = tryParseFilter(text.value, table);
  const applied = ref(initial.ok ? printFilter(initial.expr) : text.value);
  const conditions = ref<FilterCondition[]>([]);
  const join = ref<FilterJoin>('AND');
  const parsed = computed(() => tryParseFilter(text.value, table));
  const fromText = computed(() =>
    parsed.value.ok ? conditionsFromExpr(parsed.value.expr) : undefined,
  );
  const built = computed(() => buildFilter(table, conditions.value, join.value));
  linkRowsAndText({ text, conditions, join, parsed, fromText, built, withId });
  const defaultCondition = options.defaultCondition ?? DEFAULT_CONDITION;

  return {
    text,
    parsed,
    error: computed(() => (parsed.value.ok ? undefined : parsed.value.error)),
    conditions,
    join,
    problems: computed(() => (built.value.ok ? new Map<number, string>() : built.value.problems)),
    isRepresentable: computed(() => !parsed.value.ok || fromText.value !== undefined),
    applied,
    isDirty: computed(() => !parsed.value.ok || printFilter(parsed.value.expr) !== applied.value),
    addCondition(draft = {}) {
      conditions.value = [...conditions.value, withId({ ...defaultCondition, ...draft })];
    },
    removeCondition(id) {
      conditions.value = conditions.value.filter((condition) => condition.id !== id);
    },
    apply() {
      const result = parsed.value;
      if (!result.ok) return false;
      applied.value = printFilter(result.expr);
      text.value = applied.value;
      return true;
    },
    clear() {
      conditions.value = [];
      text.value = '';
      applied.value = '';
    },
  };
}
