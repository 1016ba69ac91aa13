import type { AuditAnchorCheck, AuditPrincipal, AuditVerdict } from './audit';

/*
 * What a read of the audit trail found, in the words `audit list` and the Audit view both
 * print: one place, so the two say the same.
 */

const REASONS: Record<Extract<AuditVerdict, { status: 'tampered' }>['reason'], string> = {
  hash: 'its digest does not match (edited, or sealed with another key)',
  link: 'it does not link to the record before it',
  unreadable: 'it cannot be read',
  anchor: 'it is not the record the anchor in the OS keychain holds (the chain was sealed again)',
  unkeyed:
    'it was sealed without the key where the anchor in the OS keychain says the chain was keyed (the chain was sealed again)',
};

/** Where the trail did not verify and how, as one sentence; undefined when it verified. */
export function verdictWords(verdict: AuditVerdict): string | undefined {
  switch (verdict.status) {
    case 'ok':
      return undefined;
    case 'tampered':
      return `In ${verdict.file}, record ${verdict.seq} does not hold: ${REASONS[verdict.reason]}.`;
    case 'gap':
      return `In ${verdict.file}, record ${verdict.expectedSeq} is missing (${verdict.foundSeq} follows).`;
    case 'truncated':
      return `In ${verdict.file}, the records after ${verdict.afterSeq} were cut off.`;
    case 'cut':
      return `The trail ends at record ${verdict.afterSeq} (${verdict.file}), but the anchor in the OS keychain knows records up to ${verdict.anchoredSeq}: its end was cut off.`;
    case 'firstRecordsDeleted':
      return `The trail begins at record ${verdict.foundSeq} (${verdict.file}), but the anchor in the OS keychain says it begins at ${verdict.expectedSeq}: its first records were deleted.`;
    case 'oldestFileDeleted':
      return `The trail begins with ${verdict.file} at record ${verdict.foundSeq}, but the anchor in the OS keychain says it begins at ${verdict.expectedSeq}: its oldest file was deleted.`;
    case 'trailDeleted':
      return `No file of the trail is left, but the anchor in the OS keychain knows records up to ${verdict.anchoredSeq}: the trail was deleted.`;
  }
}

/** Why the trail was not checked against the OS keychain; undefined when it was. */
export function anchorWords(check: AuditAnchorCheck | undefined): string | undefined {
  if (!check || check.keyed) return undefined;
  return `Not checked against the OS keychain: ${check.reason ?? 'no key'}. Its records hold by their plain chain only, so a cut end, a deleted start or a chain sealed again is not found.`;
}

/** `key 3f2a…` for an API key's fingerprint, `user@tenant` for a token sign-in. */
export function principalText(principal: AuditPrincipal): string {
  return principal.kind === 'apiKey'
    ? `key ${principal.keyFingerprint}`
    : `${principal.userName}@${principal.tenantName}`;
}

/** `databases.updateArchive` as the command line writes it: `databases updateArchive`. */
export function operationWords(operation: string): string {
  return operation.replace('.', ' ');
}

/** A call's path parameters in words: `sql-eu-prod-01 / Sales`. */
export function targetWords(target: Readonly<Record<string, string>>): string {
  return Object.values(target).join(' / ');
}

/** How a user action, or one of its calls, ended as far as the trail knows. */
export type AuditActionState = 'succeeded' | 'failed' | 'unknown' | 'inProgress';

/** The words of each state, as the view and the command line print them. */
export const ACTION_STATE_WORDS: Readonly<Record<AuditActionState, string>> = {
  succeeded: 'Succeeded',
  failed: 'Failed',
  unknown: 'Outcome unknown',
  inProgress: 'In progress',
};
