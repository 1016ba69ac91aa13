import { createHash } from 'node:crypto';
import { catalogue, type Operation } from '../../../shared/contract/catalogue';
import { jobIdFromLocation } from '../../../shared/contract/paths';
import { isAppError } from '../../../shared/errors';
import type { AuditAction, AuditPrincipal } from '../../../shared/model/audit';
import type { Profile, ProfileSecretInput } from '../../../shared/model/profile';
import type { CallEnded, CallStarted } from '../http/call-ended';
import { redactText, redactValue } from '../log/redact';

/*
 * What the audit trail records of a call, decided from the catalogue (and, for a download, the
 * action it is made for): an operation of the service whose method is not GET changes
 * something (the same rule a read-only connection refuses by). The token service's sign-ins
 * are not changes, and their inputs are all secrets. An upload's parts are not recorded one by
 * one: the upload's start and completion are, and a part is bytes, not a change anyone reviews.
 */

/**
 * Reads recorded for the user action they are made for. A download of an archive changes
 * nothing on the service, but it is the archive's data leaving it: the read that hands out its
 * files' addresses is recorded, so the trail says who took which archive, and when.
 */
const RECORDED_READS: Readonly<Record<string, readonly string[]>> = {
  downloadArchive: ['archives.get'],
};

/** True when a call of `op`, made for `action` (if any), is recorded in the audit trail. */
export function isAudited(op: Operation, action?: AuditAction): boolean {
  if (op.service !== 'api' || op.body?.contentType === 'bytes') return false;
  return op.method !== 'GET' || (RECORDED_READS[action?.kind ?? '']?.includes(op.id) ?? false);
}

/** The ids of every operation the audit trail records, in the catalogue's order. */
export const AUDITED_OPERATIONS: readonly string[] = catalogue
  .filter((op) => isAudited(op))
  .map((op) => op.id);

/** The operations that terminate a session: the kill log is the trail filtered to them. */
export const KILL_OPERATIONS: readonly string[] = ['sessions.kill', 'sessions.killByDatabase'];

/** The secret the connection was given, to be redacted wherever it shows up. */
export function secretsOf(secret: ProfileSecretInput): string[] {
  return 'apiKey' in secret ? [secret.apiKey] : [secret.password];
}

/**
 * Who the connection signs in as: tenant and user, or a fingerprint of the API key (the first
 * 12 hex digits of its SHA-256: enough to tell keys apart, not to find a key from).
 */
export function principalOf(profile: Profile, secret: ProfileSecretInput): AuditPrincipal {
  if (profile.auth.kind === 'token') {
    const { tenantName, userName } = profile.auth;
    return { kind: 'token', tenantName, userName };
  }
  const key = 'apiKey' in secret ? secret.apiKey : '';
  const keyFingerprint = createHash('sha256').update(key).digest('hex').slice(0, 12);
  return { kind: 'apiKey', keyFingerprint };
}

/** The path parameters as text: which resource the call acted on. */
export function targetOf(params: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
}

/**
 * Query, headers and body without secrets: fields named like secrets (the shared list of the
 * log's redaction: password, secret, token, API key...) are replaced, and the connection's own
 * secret is replaced wherever it appears in a value. Undefined when the call had no input.
 */
export function redactedInput(
  ended: CallStarted,
  secrets: readonly string[],
): Record<string, unknown> | undefined {
  const input: Record<string, unknown> = {};
  if (ended.query && Object.keys(ended.query).length > 0) input['query'] = ended.query;
  if (ended.headers && Object.keys(ended.headers).length > 0) input['headers'] = ended.headers;
  if (ended.body !== undefined) input['body'] = ended.body;
  if (Object.keys(input).length === 0) return undefined;
  return redactValue(input, secrets) as Record<string, unknown>;
}

/** A failure's message is kept this short in a record. */
const MAX_MESSAGE = 300;

/** How the call ended: status, error code and message, and the job it started. */
export function outcomeOf(ended: CallEnded, secrets: readonly string[]) {
  if (ended.answer) {
    const jobId = jobIdOf(ended.answer);
    return { ok: true, status: ended.answer.status, ...(jobId ? { jobId } : {}) };
  }
  const error = ended.error;
  if (!isAppError(error)) return { ok: false, code: 'INTERNAL' as const };
  const message = redactText(error.message, secrets).slice(0, MAX_MESSAGE);
  return {
    ok: false,
    code: error.code,
    message,
    ...(error.status === undefined ? {} : { status: error.status }),
  };
}

/** The job id of an answer: `{ jobId }` in the body, or the job's URL in `Location` (move). */
function jobIdOf(answer: NonNullable<CallEnded['answer']>): string | undefined {
  const data = answer.data as { jobId?: unknown } | null | undefined;
  if (data && typeof data === 'object' && typeof data.jobId === 'string') return data.jobId;
  const location = answer.headers['location'];
  return location ? jobIdFromLocation(location) : undefined;
}
