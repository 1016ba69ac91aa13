import { join } from 'node:path';
import type { AuditFilter, AuditList } from '../../../shared/model/audit';
import type { Logger } from '../log/logger';
import { KILL_OPERATIONS } from './audit-policy';
import { AuditTrail } from './audit-trail';
import type { AuditOnFailure } from './audit-failure';
import { CallAuditor, type AuditSource } from './call-auditor';

/**
 * The audit trail's folder in a data folder. The app and the command line use the same data
 * folder (the CLI's `--data-dir` defaults to the app's), so both append to one trail.
 */
export function auditDir(dataDir: string): string {
  return join(dataDir, 'audit');
}

/** The audit trail of a data folder and the auditor that records calls into it. */
export interface Audit {
  readonly trail: AuditTrail;
  readonly auditor: CallAuditor;
  /** The program whose changes it records. */
  readonly source: AuditSource;
}

/**
 * Builds the trail of `dataDir` and its auditor for the program `source`; `onFailure` and
 * `warn` say what a change does when its intent cannot be written (CallAuditorOptions).
 */
export function createAudit(options: {
  readonly dataDir: string;
  readonly source: AuditSource;
  readonly logger: Logger;
  readonly onFailure?: () => AuditOnFailure;
  readonly warn?: (message: string) => void;
}): Audit {
  const { dataDir, ...rest } = options;
  const trail = new AuditTrail({ dir: auditDir(dataDir) });
  const auditor = new CallAuditor({ trail, ...rest });
  return { trail, auditor, source: options.source };
}

/**
 * The session kills made from this machine, from the app or the command line: the audit
 * trail read with a filter on the kill operations (the kill log's source of truth).
 */
export function listKills(
  trail: AuditTrail,
  filter: Omit<AuditFilter, 'operations'> = {},
): Promise<AuditList> {
  return trail.list({ ...filter, operations: [...KILL_OPERATIONS] });
}
