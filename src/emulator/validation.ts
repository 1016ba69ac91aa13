import type { z } from 'zod';
import { issuePath } from '../shared/contract/answers';
import { EmulatorHttpError } from './http-error';

/**
 * The message of a schema failure for the error body: the first issue's own message (the
 * contract's messages are written for users), prefixed with the field when the message does
 * not name it already (zod's generic "expected string" ones).
 */
function issueMessage(error: z.ZodError, where: string): string {
  const issue = error.issues[0];
  if (!issue) return `The ${where} is not valid.`;
  const last = issue.path.at(-1);
  const squashed = issue.message.toLowerCase().replace(/\s+/g, '');
  if (last === undefined) return `${where}: ${issue.message}`;
  if (typeof last === 'string' && squashed.includes(last.toLowerCase())) return issue.message;
  return `${where} ${issuePath(issue)}: ${issue.message}`;
}

/** `schema.parse(value)`, answering 400 with a readable message when it fails. */
export function parseOr400<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new EmulatorHttpError(400, issueMessage(result.error, where));
  return result.data;
}
