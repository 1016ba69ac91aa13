import type { AuditRecord } from '../../../src/shared/model/audit';

/**
 * The records of what `databridge audit list --output json` printed (its actions, each with
 * its records in `calls`), in the trail's order: for tests that look at the records.
 */
export function auditRecordsOf(stdout: string): AuditRecord[] {
  const actions = JSON.parse(stdout) as { calls: AuditRecord[] }[];
  return actions.flatMap((action) => action.calls).sort((a, b) => a.seq - b.seq);
}
