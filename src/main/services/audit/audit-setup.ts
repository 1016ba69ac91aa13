import type { AuditFilter, AuditList } from '../../../shared/model/audit';
import { auditDir } from '../config/app-paths';
import type { Logger } from '../log/logger';
import type { SecretStore } from '../secrets/secret-store';
import { KILL_OPERATIONS } from './audit-policy';
import { AuditTrail } from './audit-trail';
import type { AuditOnFailure } from './audit-failure';
import { TrailKeyring } from './audit-keyring';
import { CallAuditor, type AuditSource } from './call-auditor';
import type { OsLog } from './os-log';

/** The audit trail of a data folder and the auditor that records calls into it. */
export interface Audit {
  readonly trail: AuditTrail;
  readonly auditor: CallAuditor;
  /** The program whose changes it records. */
  readonly source: AuditSource;
}

/** Where a trail is kept and anchored. */
export interface TrailPlace {
  readonly dataDir: string;
  readonly logger: Logger;
  /**
   * The OS keychain, which holds the trail's key and anchor (the app's and the command line's
   * keytar adapter); none: the trail is neither keyed nor anchored (tests).
   */
  readonly secretStore?: SecretStore;
  /** Where each record's line also goes (the OS log); none: nowhere. */
  readonly osLog?: OsLog;
}

/** The audit trail of `dataDir`, keyed and anchored in `secretStore`, copied to `osLog`. */
export function openTrail(place: TrailPlace): AuditTrail {
  const dir = auditDir(place.dataDir);
  const { secretStore, osLog, logger } = place;
  return new AuditTrail({
    dir,
    logger,
    ...(secretStore ? { keyring: new TrailKeyring({ store: secretStore, dir }) } : {}),
    ...(osLog ? { osLog } : {}),
  });
}

/**
 * Builds the trail of `dataDir` and its auditor for the program `source`; `onFailure` and
 * `warn` say what a change does when its intent cannot be written (CallAuditorOptions).
 */
export function createAudit(
  options: TrailPlace & {
    readonly source: AuditSource;
    readonly onFailure?: () => AuditOnFailure;
    readonly warn?: (message: string) => void;
  },
): Audit {
  const { dataDir: _dataDir, secretStore: _store, osLog: _osLog, ...rest } = options;
  const trail = openTrail(options);
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
