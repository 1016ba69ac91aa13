import type {
  AuditCallRecord,
  AuditIntentRecord,
  AuditPrincipal,
  AuditRecord,
} from '@shared/model/audit';
import { verdictWords } from '@shared/model/audit-words';

/** How long ago the Audit view looks: its "Since" choice. */
export type AuditWindow = '24h' | '7d' | '30d' | 'all';

/** The Audit view's filters, applied by main (the trail may be long). */
export interface AuditViewFilter {
  readonly window: AuditWindow;
  readonly outcome: 'all' | 'ok' | 'failed' | 'unknown';
  /** Only session kills: the kill log. */
  readonly killsOnly: boolean;
}

const WINDOW_MS: Readonly<Record<Exclude<AuditWindow, 'all'>, number>> = {
  '24h': 24 * 3_600_000,
  '7d': 7 * 24 * 3_600_000,
  '30d': 30 * 24 * 3_600_000,
};

/** The `audit:list` input for `filter` at `now`. */
export function auditListInput(
  filter: AuditViewFilter,
  now: number,
): { since?: string; outcome?: 'ok' | 'failed' | 'unknown'; kills?: boolean } {
  return {
    ...(filter.window === 'all'
      ? {}
      : { since: new Date(now - WINDOW_MS[filter.window]).toISOString() }),
    ...(filter.outcome === 'all' ? {} : { outcome: filter.outcome }),
    ...(filter.killsOnly ? { kills: true } : {}),
  };
}

/** One row of the Audit view: a change, with how its job ended when that is known. */
export interface AuditRow {
  readonly key: string;
  readonly seq: number;
  readonly time: string;
  /** The command line's words for the operation (`databases drop`), or what happened. */
  readonly operation: string;
  /** Which instance, database, login, archive or session: `sql-eu-prod-01 / Sales`. */
  readonly target: string;
  readonly connection: string;
  /** Who the connection signed in as. */
  readonly principal: string;
  readonly source: string;
  readonly ok: boolean;
  /** True for a change whose outcome never came (the program stopped after sending it). */
  readonly unknown?: boolean;
  /** `Done · 200`, `404 NOT_FOUND: …`, or the trail's own note. */
  readonly outcome: string;
  readonly jobId: string;
  /** How the job the change started ended, when main learned it. */
  readonly jobEnd: string;
  /** The inputs as sent, secrets redacted, as one line of JSON. */
  readonly input: string;
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

function outcomeText(record: AuditCallRecord): string {
  const { outcome } = record;
  const status = outcome.status === undefined ? '' : String(outcome.status);
  if (outcome.ok) return status ? `Done · ${status}` : 'Done';
  const why = [outcome.code, outcome.message].filter(Boolean).join(': ');
  return [status, why].filter(Boolean).join(' ') || 'Failed';
}

/** What a check on a later start found of a change whose outcome never came. */
const FINDING: Readonly<Record<'done' | 'notDone' | 'unknown', string>> = {
  done: 'Found made later',
  notDone: 'Found not made later',
  unknown: 'Outcome unknown; check failed',
};

function changeFields(record: AuditCallRecord | AuditIntentRecord) {
  return {
    key: String(record.seq),
    seq: record.seq,
    time: record.time,
    operation: operationWords(record.operation),
    target: Object.values(record.target).join(' / '),
    connection: record.profile.name,
    principal: principalText(record.principal),
    source: `${record.source.kind === 'app' ? 'App' : 'CLI'} ${record.source.version}`,
    input: record.input === undefined ? '' : JSON.stringify(record.input),
  };
}

/** A change sent whose outcome never came, with what a later check found of it. */
function intentRow(record: AuditIntentRecord, checks: ReadonlyMap<string, string>): AuditRow {
  const check = checks.get(record.intentId);
  return {
    ...changeFields(record),
    ok: false,
    unknown: true,
    outcome: check ?? 'Outcome unknown',
    jobId: '',
    jobEnd: '',
  };
}

function callRow(record: AuditCallRecord, jobEnds: ReadonlyMap<string, string>): AuditRow {
  const jobId = record.outcome.jobId ?? '';
  const unrecorded = record.intentNotWritten
    ? ` (sent unrecorded: ${record.intentNotWritten})`
    : '';
  return {
    ...changeFields(record),
    ok: record.outcome.ok,
    outcome: outcomeText(record) + unrecorded,
    jobId,
    jobEnd: jobEnds.get(jobId) ?? '',
  };
}

/**
 * The rows of a read of the trail, newest first: one per change; a job's end is written on
 * the row of the change that started it, and a chain begun after damage is a row of its own.
 */
export function auditRows(records: readonly AuditRecord[]): AuditRow[] {
  const jobEnds = new Map<string, string>();
  const checks = new Map<string, string>();
  for (const record of records) {
    if (record.type === 'jobEnded') {
      jobEnds.set(record.jobId, record.error ? `${record.status}: ${record.error}` : record.status);
    } else if (record.type === 'outcomeChecked') {
      checks.set(record.intentId, `${FINDING[record.finding]} (${record.how})`);
    }
  }
  const rows: AuditRow[] = [];
  for (const record of records) {
    if (record.type === 'call') rows.push(callRow(record, jobEnds));
    else if (record.type === 'intent') rows.push(intentRow(record, checks));
    else if (record.type === 'chainStarted') {
      rows.push({
        key: String(record.seq),
        seq: record.seq,
        time: record.time,
        operation: 'New chain',
        target: record.movedAside.join(', '),
        connection: '',
        principal: '',
        source: '',
        ok: false,
        outcome: verdictWords(record.verdict) ?? 'The trail before did not verify',
        jobId: '',
        jobEnd: '',
        input: '',
      });
    }
  }
  return rows.sort((a, b) => b.seq - a.seq);
}
