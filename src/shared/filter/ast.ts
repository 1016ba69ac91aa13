/**
 * The typed tree of a parsed filter, as zod schemas (the single source of truth; the types are
 * inferred). The schemas let a filter tree cross IPC; they check its shape and its literals,
 * while `validateFilter` checks it against a property table.
 */
import { z } from 'zod';
import { isValidDateText } from './dates';
import { OPERATORS } from './tables';

/** A comparison operator (see `OPERATORS`). */
const OperatorSchema = z.enum(OPERATORS);

/** A string literal, as its unescaped text. */
const StringValueSchema = z.object({ type: z.literal('string'), value: z.string() });

/** A number literal; always finite. */
const NumberValueSchema = z.object({ type: z.literal('number'), value: z.number() });

/**
 * A date literal, kept as written (`2026-01-05` or `2026-01-05T10:00:00Z`) and known to be a
 * real date. See `dates.ts` for what span of time it denotes.
 */
const DateValueSchema = z.object({
  type: z.literal('date'),
  value: z.string().refine(isValidDateText, { message: 'Invalid date' }),
});

/** A literal value; its type matches the type of the property it is compared with. */
const FilterValueSchema = z.discriminatedUnion('type', [
  StringValueSchema,
  NumberValueSchema,
  DateValueSchema,
]);

/** `property operator value`; `property` is the canonical (camelCase) name. */
const ComparisonSchema = z.object({
  kind: z.literal('comparison'),
  property: z.string().min(1),
  operator: OperatorSchema,
  value: FilterValueSchema,
});

/** `property IN (v1, v2, ...)`, or `NOT IN` when `negated`. Never empty. */
const InListSchema = z.object({
  kind: z.literal('in'),
  property: z.string().min(1),
  negated: z.boolean(),
  values: z.array(FilterValueSchema).min(1),
});

/** Operands joined by AND (at least two; a chain `a AND b AND c` is one node). */
const AndExprSchema = z.object({
  kind: z.literal('and'),
  get operands(): z.ZodArray<typeof FilterExprSchema> {
    return z.array(FilterExprSchema).min(2);
  },
});

/** Operands joined by OR (at least two; a chain `a OR b OR c` is one node). */
const OrExprSchema = z.object({
  kind: z.literal('or'),
  get operands(): z.ZodArray<typeof FilterExprSchema> {
    return z.array(FilterExprSchema).min(2);
  },
});

/** Any filter expression, discriminated by `kind`. */
export const FilterExprSchema = z.discriminatedUnion('kind', [
  ComparisonSchema,
  InListSchema,
  AndExprSchema,
  OrExprSchema,
]);

export type FilterValue = z.infer<typeof FilterValueSchema>;
export type Comparison = z.infer<typeof ComparisonSchema>;
export type InList = z.infer<typeof InListSchema>;
export type FilterExpr = z.infer<typeof FilterExprSchema>;
