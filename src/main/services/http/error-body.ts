import { ErrorBodySchema, ProblemDocumentSchema } from '../../../shared/contract/records/common';

/** What an error answer says, whatever its format. */
export interface ErrorBodyText {
  /** The service's own message, if it gave one (one line, trimmed). */
  readonly message?: string;
  /** `logId` of the platform envelope, for support. */
  readonly logId?: string;
  /** Per-field messages of a problem document, `field: message` lines. */
  readonly fieldErrors?: string;
}

const MAX_MESSAGE = 500;

/**
 * Reads an error body as records.md says: the platform envelope `{ code, message, logId }`,
 * an ASP.NET problem document (`title`, `detail`, `errors`), or plain text. HTML (a proxy's
 * error page) and empty bodies give no message; the status then speaks for itself.
 */
export function readErrorBody(text: string): ErrorBodyText {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  if (trimmed.startsWith('{')) {
    const fromJson = readJsonError(trimmed);
    if (fromJson) return fromJson;
  }
  if (trimmed.startsWith('<')) return {};
  if (trimmed.startsWith('"')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (typeof value === 'string') return { message: clip(value) };
    } catch {
      // not a JSON string: read as text below
    }
  }
  return { message: clip(trimmed) };
}

function readJsonError(text: string): ErrorBodyText | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const envelope = ErrorBodySchema.partial().safeParse(json);
  if (envelope.success && typeof envelope.data.message === 'string') {
    return {
      message: clip(envelope.data.message),
      ...(envelope.data.logId ? { logId: envelope.data.logId } : {}),
    };
  }
  const problem = ProblemDocumentSchema.safeParse(json);
  if (!problem.success) return {};
  const { title, detail, errors } = problem.data;
  const fieldErrors = errors
    ? Object.entries(errors)
        .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
        .join('\n')
    : undefined;
  // With field errors, the first one is the useful message ("Name: too long"), not the
  // generic title ("One or more validation errors occurred.").
  const first = fieldErrors?.split('\n')[0];
  const message = detail ?? first ?? title ?? undefined;
  return {
    ...(message ? { message: clip(message) } : {}),
    ...(fieldErrors ? { fieldErrors } : {}),
  };
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE)}…` : line;
}
