import type { FormInst, FormItemRule } from 'naive-ui';
import type { z } from 'zod';

/** Options of {@link zodRule}. */
export interface ZodRuleOptions {
  /** When naive-ui runs the rule; default on input and blur. */
  readonly trigger?: FormItemRule['trigger'];
  /**
   * Treat an empty value ('' or null) as absent (undefined) before validating, so an optional
   * field left blank passes while a required one reports the schema's own "required" message.
   */
  readonly emptyAsUndefined?: boolean;
  /** Shows a star on the label; the schema still decides what is valid. */
  readonly required?: boolean;
}

/** The first message of a failed zod parse, or undefined when `value` passes. */
export function zodMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'Invalid value');
}

/**
 * Turns a zod schema of the contract into a naive-ui form rule, so a form checks exactly what
 * the service (and main) will check, with the contract's messages:
 *
 * ```ts
 * const rules = { name: zodRule(CreateDatabaseRequestSchema.shape.databaseName) };
 * ```
 */
export function zodRule(schema: z.ZodType, options: ZodRuleOptions = {}): FormItemRule {
  return {
    trigger: options.trigger ?? ['input', 'blur'],
    required: options.required ?? false,
    validator: (_rule, value: unknown) => {
      const empty = value === '' || value === null;
      const message = zodMessage(schema, options.emptyAsUndefined && empty ? undefined : value);
      return message === undefined ? true : new Error(message);
    },
  };
}

/**
 * A rule for one field of a `z.object` schema, by key: `fieldRule(LoginSchema, 'password')`.
 * Same as `zodRule(schema.shape[key])`, typed against the keys of the object.
 */
export function fieldRule<S extends z.ZodObject, K extends keyof S['shape'] & string>(
  schema: S,
  key: K,
  options: ZodRuleOptions = {},
): FormItemRule {
  return zodRule(schema.shape[key] as z.ZodType, options);
}

/**
 * Runs a form's rules: true when they all pass. naive-ui rejects on a failed rule and shows
 * the messages at the fields itself, so the rejection carries nothing more to report.
 */
export async function formIsValid(form: FormInst | undefined): Promise<boolean> {
  if (!form) return false;
  return form.validate().then(
    () => true,
    () => false,
  );
}
