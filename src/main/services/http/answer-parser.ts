import { decodeStringAnswer, unexpectedAnswerError } from '../../../shared/contract/answers';
import type { Operation } from '../../../shared/contract/catalogue';
import type { AppError } from '../../../shared/errors';
import { unexpectedError, type FailedCall } from './http-errors';

/** A parsed answer, or the UNEXPECTED_RESPONSE error it gives. */
export type ParsedAnswer =
  { readonly ok: true; readonly data: unknown } | { readonly ok: false; readonly error: AppError };

/**
 * Parses a success answer with the operation's contract. Schemas are loose objects, so fields
 * the service adds are kept; an answer that does not parse is an UNEXPECTED_RESPONSE error
 * naming the operation and the first field at fault, never a crash.
 */
export function parseAnswer(
  op: Operation,
  call: FailedCall,
  status: number,
  text: string,
): ParsedAnswer {
  const response = op.response;
  if (response.kind === 'none') return { ok: true, data: undefined };
  if (response.kind === 'string') {
    const result = response.schema.safeParse(decodeStringAnswer(text));
    return result.success
      ? { ok: true, data: result.data }
      : { ok: false, error: unexpectedAnswerError(op.id, result.error, status) };
  }
  const emptyOn: readonly number[] = 'emptyOn' in response ? response.emptyOn : [];
  if (emptyOn.includes(status)) return { ok: true, data: undefined };
  if (text.trim() === '') {
    return { ok: false, error: unexpectedError(call, 'the answer was empty', status) };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: unexpectedError(call, 'the answer was not JSON', status) };
  }
  const result = response.schema.safeParse(json);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, error: unexpectedAnswerError(op.id, result.error, status) };
}
