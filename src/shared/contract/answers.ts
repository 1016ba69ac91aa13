import type { z } from 'zod';
import { AppError } from '../errors';

/*
 * Turning schema failures into the app's errors, the same way on every side: a bad input is
 * VALIDATION with the schema's own readable message; an answer that does not parse is
 * UNEXPECTED_RESPONSE naming the operation and the field (records.md "Tolerance"), never a crash.
 */

/** `groups[0].groupId`-style path of an issue, or `(body)` for the value itself. */
export function issuePath(issue: z.core.$ZodIssue): string {
  if (issue.path.length === 0) return '(body)';
  return issue.path
    .map((part, index) => {
      if (typeof part === 'number') return `[${part}]`;
      const text = String(part);
      return index === 0 ? text : `.${text}`;
    })
    .join('');
}

/** One line per issue, `path: message`, for logs and the details of an error. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issuePath(issue)}: ${issue.message}`).join('\n');
}

/**
 * zod's own messages, which do not say which field they are about ("Invalid input: expected
 * string, received undefined"); ours are written for users and name what they check.
 */
const ZOD_DEFAULT_MESSAGE =
  /^(Invalid (input|option|key|element|value)|Too (small|big)|Unrecognized key)/;

/** An issue for the user: zod's own words after the field they are about. */
function issueMessage(issue: z.core.$ZodIssue): string {
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message) || issue.path.length === 0) return issue.message;
  return `${issuePath(issue)}: ${issue.message}`;
}

/**
 * A VALIDATION error for input that failed `operation`'s schemas. The message is the first
 * issue's, naming its field where zod's own words do not; all issues go to `details`.
 */
export function invalidInputError(operation: string, error: z.ZodError): AppError {
  const first = error.issues[0];
  return new AppError({
    code: 'VALIDATION',
    message: first ? issueMessage(first) : 'The input is not valid.',
    operation,
    details: describeIssues(error),
  });
}

/** An UNEXPECTED_RESPONSE error for an answer of `operation` that did not parse. */
export function unexpectedAnswerError(
  operation: string,
  error: z.ZodError,
  status?: number,
): AppError {
  const first = error.issues[0];
  const where = first ? ` (field ${issuePath(first)}: ${first.message})` : '';
  return new AppError({
    code: 'UNEXPECTED_RESPONSE',
    message: `Unexpected answer from the service to ${operation}${where}. The service may have changed; the raw answer is in the log.`,
    operation,
    ...(status === undefined ? {} : { status }),
    details: describeIssues(error),
  });
}

/**
 * The text of a string answer (job status, part URL, ETag). The service may send it as a
 * JSON string (`"Processing"`) or as plain text (`Processing`); both give `Processing`.
 */
export function decodeStringAnswer(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('"')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (typeof value === 'string') return value;
    } catch {
      // Quoted text that is not a JSON string is kept as is. (A quoted ETag sent as text
      // loses its quotes above; complete-upload accepts ETags with or without them.)
    }
  }
  return trimmed;
}
