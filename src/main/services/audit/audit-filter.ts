import type { AuditFilter, AuditRecord } from '../../../shared/model/audit';

/*
 * Which records a read answers. A job's end is a record of its own, linked to the call that
 * started it by the job id, so it follows that call's operation in a filter by operation.
 */

/** The records that match every field of `filter`, in their order. */
export function filterRecords(records: readonly AuditRecord[], filter: AuditFilter): AuditRecord[] {
  const since = filter.since === undefined ? undefined : Date.parse(filter.since);
  const operations = filter.operations?.map((id) => id.toLowerCase());
  const target = filter.target?.toLowerCase();
  const startedBy = new Map<string, string>();
  for (const record of records) {
    if (record.type === 'call' && record.outcome.jobId) {
      startedBy.set(record.outcome.jobId, record.operation.toLowerCase());
    }
  }
  const matching = records.filter((record) => {
    if (since !== undefined && !(Date.parse(record.time) >= since)) return false;
    if (record.type === 'chainStarted') {
      // Not a change: shown when nothing narrows the read to changes.
      return !operations && !target && !filter.outcome && !filter.profileId;
    }
    if (filter.profileId !== undefined && record.profile.id !== filter.profileId) return false;
    const operation =
      record.type === 'call' ? record.operation.toLowerCase() : startedBy.get(record.jobId);
    if (operations && (operation === undefined || !operations.includes(operation))) return false;
    if (target !== undefined && !targetText(record).includes(target)) return false;
    if (filter.outcome !== undefined && (isOk(record) ? 'ok' : 'failed') !== filter.outcome) {
      return false;
    }
    return true;
  });
  return filter.limit === undefined ? matching : matching.slice(-filter.limit);
}

function targetText(record: Exclude<AuditRecord, { type: 'chainStarted' }>): string {
  const values =
    record.type === 'call' ? Object.values(record.target) : [record.instanceName, record.jobId];
  return values.join('\n').toLowerCase();
}

function isOk(record: Exclude<AuditRecord, { type: 'chainStarted' }>): boolean {
  return record.type === 'call' ? record.outcome.ok : record.phase === 'succeeded';
}

const UNIT_MS: Readonly<Record<string, number>> = {
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/**
 * The instant `--since` names: a span back from `now` (`30m`, `12h`, `7d`, `2w`) or a date
 * or time (`2026-11-01`, ISO); undefined when it is neither.
 */
export function sinceInstant(text: string, now: Date): string | undefined {
  const span = /^(\d+)([mhdw])$/i.exec(text.trim());
  if (span) {
    const ms = Number(span[1]) * (UNIT_MS[(span[2] ?? '').toLowerCase()] ?? 0);
    return new Date(now.getTime() - ms).toISOString();
  }
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : new Date(at).toISOString();
}
