import type { z } from 'zod';
import { describeIssues, issuePath } from '../../../shared/contract/answers';
import type { OperationDef } from '../../../shared/contract/operation';
import { AppError } from '../../../shared/errors';
import { bodyFields, flagUsage, sketchOf, type BodyField } from './body-fields';
import { nearestName } from './operation-names';

/*
 * A JSON body checked with the operation's schema before anything is sent, its error naming the
 * body field and the flag that gives it (`--databaseName (body field databaseName): ...`), so the
 * person at the terminal knows what to change on the command line, not only in the JSON.
 */

type Issue = z.core.$ZodIssue;

/** How to give a field: its flag, or `--body` for a field that has none. */
function howToGive(field: BodyField): string {
  return field.noFlag === undefined ? flagUsage(field) : `it in --body (${field.noFlag})`;
}

/** The words of one issue, naming the field and its flag. */
function issueText(op: OperationDef, body: unknown, issue: Issue): string {
  const [top] = issue.path;
  const field = bodyFields(op).find((f) => f.name === top);
  if (field === undefined) return unnamedIssue(op, issue);
  const given = typeof body === 'object' && body !== null && field.name in body;
  if (!given && issue.path.length === 1) {
    return `The body field ${field.name} is required: give ${howToGive(field)}.`;
  }
  const where = `body field ${issuePath(issue)}`;
  const head = field.noFlag === undefined ? `--${field.name} (${where})` : `${where} (in --body)`;
  return `${head}: ${issue.message}`;
}

/** An issue of the body as a whole (an unknown field, an array body's element). */
function unnamedIssue(op: OperationDef, issue: Issue): string {
  if (issue.code === 'unrecognized_keys') {
    const names = bodyFields(op).map((f) => f.name);
    const keys = issue.keys.map((key) => {
      const near = nearestName(key, names);
      return near ? `${key} (did you mean ${near}?)` : key;
    });
    return `--body has a field ${op.id} does not take: ${keys.join(', ')}. Its fields: ${names.join(', ')}.`;
  }
  const at = issue.path.length > 0 ? ` at ${issuePath(issue)}` : '';
  return `--body${at}: ${issue.message}`;
}

/** The input of a call as the command line built it. */
interface CallInput {
  readonly pathParams?: unknown;
  readonly query?: unknown;
  readonly headers?: unknown;
  readonly body?: unknown;
}

/** True when the path, query and header parameters pass their schemas. */
function parametersPass(op: OperationDef, input: CallInput): boolean {
  const parts = [
    [op.pathParams, input.pathParams],
    [op.query, input.query],
    [op.headers, input.headers],
  ] as const;
  return parts.every(([schema, value]) => !schema || schema.safeParse(value ?? {}).success);
}

/**
 * Checks the body of a call of `op` with its schema once its parameters pass theirs (the
 * request's own check names those, in the order they are written); throws a VALIDATION error
 * naming the field and its flag. A required body that was not given is checked as `{}`, so
 * that each missing field is named with its flag rather than the body as a whole.
 */
export function checkBody(op: OperationDef, input: CallInput): void {
  if (op.body?.contentType !== 'json' || !parametersPass(op, input)) return;
  const { body } = input;
  if (body === undefined && !op.body.required) return;
  if (body === undefined && bodyFields(op).length === 0) {
    throw new AppError({
      code: 'VALIDATION',
      message: `${op.id} needs a body: give --body JSON or --body @FILE, ${sketchOf(op.body.schema)}.`,
      operation: op.id,
    });
  }
  const value = body ?? {};
  const result = op.body.schema.safeParse(value);
  if (result.success) return;
  // A field the body does not take is said first: it is most often a misspelt one that is also
  // reported missing.
  const { issues } = result.error;
  const first = issues.find((issue) => issue.code === 'unrecognized_keys') ?? issues[0];
  throw new AppError({
    code: 'VALIDATION',
    message: first ? issueText(op, value, first) : 'The body is not valid.',
    operation: op.id,
    details: describeIssues(result.error),
  });
}
