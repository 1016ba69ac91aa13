import type { AuditAction } from '../../../shared/model/audit';
import type { TransferJournal } from './journal-schema';
import type { ServiceCaller } from './transfer-ports';

/*
 * A transfer is one user action: every service call it makes, in every run (a resume after a
 * pause, a crash or a restart, a retry), carries the same action, so the audit trail shows an
 * import as one row with its upload's start and completion and the import under it. The
 * action's id is the transfer's id, which its journal keeps: nothing more to store, and a
 * journal of an older version resumes under the same action too.
 */

/** What a transfer's action is made from: its journal, or what will be journaled. */
type TransferActionOf = Pick<TransferJournal, 'id' | 'kind' | 'instanceName'> & {
  /** The database (import, export) or the archive's id (download). */
  readonly subject: string;
};

const KINDS: Readonly<Record<TransferJournal['kind'], { kind: string; label: string }>> = {
  import: { kind: 'import', label: 'import' },
  export: { kind: 'export', label: 'export' },
  archive: { kind: 'downloadArchive', label: 'download archive' },
};

/** The user action of a transfer. */
export function transferAction(transfer: TransferActionOf): AuditAction {
  return {
    id: transfer.id,
    ...KINDS[transfer.kind],
    target: `${transfer.instanceName} / ${transfer.subject}`,
  };
}

/** The user action of a journaled transfer (an archive's by its id, as before it was read). */
export function journalAction(journal: TransferJournal): AuditAction {
  const subject = journal.kind === 'archive' ? journal.archiveId : journal.databaseName;
  return transferAction({ ...journal, subject });
}

/** `client`, its every call made for `action`. */
export function callsFor(client: ServiceCaller, action: AuditAction): ServiceCaller {
  return {
    call: (id, input, options) => client.call(id, input, { ...options, action }),
  };
}
