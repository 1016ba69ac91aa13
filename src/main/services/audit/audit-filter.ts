import type { AuditFilter, AuditIntentRecord, AuditRecord } from '../../../shared/model/audit';

/*
 * Which records a read answers. A job's end is a record of its own, linked to the call that
 * started it by the job id, so it follows that call's operation in a filter by operation.
 * An intent whose call record came is the same change twice: only the call is answered. An
 * intent without one is a change whose outcome is unknown, and the check made of it on a
 * later start (`outcomeChecked`) follows it.
 */

type Change = Exclude<AuditRecord, { type: 'chainStarted' | 'outcomeChecked' }>;

/** The records that match every field of `filter`, in their order. */
export function filterRecords(records: readonly AuditRecord[], filter: AuditFilter): AuditRecord[] {
  const ended = endedIntents(records);
  const startedBy = new Map<string, string>();
  for (const record of records) {
    if (record.type === 'call' && record.outcome.jobId) {
      startedBy.set(record.outcome.jobId, record.operation.toLowerCase());
    }
  }
  const shown = new Set<string>();
  const matching = openRecords(records, ended).filter((record) => {
    if (record.type === 'outcomeChecked') return shown.has(record.intentId);
    const keep = matches(record, filter, startedBy);
    if (keep && record.type === 'intent') shown.add(record.intentId);
    return keep;
  });
  return filter.limit === undefined ? matching : matching.slice(-filter.limit);
}

/** The records without the intents whose outcome was recorded. */
function openRecords(records: readonly AuditRecord[], ended: ReadonlySet<string>): AuditRecord[] {
  return records.filter((record) => record.type !== 'intent' || !ended.has(record.intentId));
}

/**
 * The intents whose outcome never came and were not checked yet: the changes that may or may
 * not have been made.
 */
export function unknownOutcomes(records: readonly AuditRecord[]): AuditIntentRecord[] {
  const ended = endedIntents(records);
  const checked = new Set<string>();
  for (const record of records) if (record.type === 'outcomeChecked') checked.add(record.intentId);
  return records.filter(
    (record): record is AuditIntentRecord =>
      record.type === 'intent' && !ended.has(record.intentId) && !checked.has(record.intentId),
  );
}

/** The ids of the intents whose call record came. */
function endedIntents(records: readonly AuditRecord[]): Set<string> {
  const ended = new Set<string>();
  for (const record of records) {
    if (record.type === 'call' && record.intentId !== undefined) ended.add(record.intentId);
  }
  return ended;
}

function matches(
  record: Exclude<AuditRecord, { type: 'outcomeChecked' }>,
  filter: AuditFilter,
  startedBy: ReadonlyMap<string, string>,
): boolean {
  const since = filter.since === undefined ? undefined : Date.parse(filter.since);
  const operations = filter.operations?.map((id) => id.toLowerCase());
  const target = filter.target?.toLowerCase();
  if (since !== undefined && !(Date.parse(record.time) >= since)) return false;
  if (record.type === 'chainStarted') {
    // Not a change: shown when nothing narrows the read to changes.
    return !operations && !target && !filter.outcome && !filter.profileId;
  }
  if (filter.profileId !== undefined && record.profile.id !== filter.profileId) return false;
  const operation =
    record.type === 'jobEnded' ? startedBy.get(record.jobId) : record.operation.toLowerCase();
  if (operations && (operation === undefined || !operations.includes(operation))) return false;
  if (target !== undefined && !targetText(record).includes(target)) return false;
  return filter.outcome === undefined || outcomeOf(record) === filter.outcome;
}

function targetText(record: Change): string {
  const values =
    record.type === 'jobEnded' ? [record.instanceName, record.jobId] : Object.values(record.target);
  return values.join('\n').toLowerCase();
}

function outcomeOf(record: Change): 'ok' | 'failed' | 'unknown' {
  if (record.type === 'intent') return 'unknown';
  const ok = record.type === 'call' ? record.outcome.ok : record.phase === 'succeeded';
  return ok ? 'ok' : 'failed';
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
