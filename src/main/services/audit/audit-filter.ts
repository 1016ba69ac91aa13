import type { AuditFilter, AuditIntentRecord, AuditRecord } from '../../../shared/model/audit';
import { groupActions, type AuditActionGroup } from '../../../shared/model/audit-actions';

/*
 * Which records a read answers: those of the user actions that match (audit-actions.ts groups
 * them), whole, so that an import found by its target comes with every call it made. A job's
 * end goes with the call that started it, a later check of a change whose outcome never came
 * with its intent. An intent whose call record came is the same change twice: only the call is
 * answered.
 */

/** The records of the actions that match every field of `filter`, in their order. */
export function filterRecords(
  records: readonly AuditRecord[],
  filter: AuditFilter,
  now: number = Date.now(),
): AuditRecord[] {
  const open = openRecords(records, endedIntents(records));
  const matching = groupActions(open, now).filter((action) => matches(action, filter));
  const kept = filter.limit === undefined ? matching : matching.slice(-filter.limit);
  const keep = new Set(kept.flatMap((action) => action.records));
  return open.filter((record) => keep.has(record));
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

/** The action states each `outcome` of a filter takes: unknown is what has not ended (yet). */
const OUTCOMES: Readonly<Record<NonNullable<AuditFilter['outcome']>, readonly string[]>> = {
  ok: ['succeeded'],
  failed: ['failed'],
  unknown: ['unknown', 'inProgress'],
};

function matches(action: AuditActionGroup, filter: AuditFilter): boolean {
  const since = filter.since === undefined ? undefined : Date.parse(filter.since);
  const operations = filter.operations?.map((id) => id.toLowerCase());
  const target = filter.target?.toLowerCase();
  if (since !== undefined && !action.records.some((r) => Date.parse(r.time) >= since)) {
    return false;
  }
  if (action.kind === 'chain') {
    // Not a change: shown when nothing narrows the read to changes.
    return !operations && !target && !filter.outcome && !filter.profileId;
  }
  const changes = action.records.filter(
    (record): record is AuditChange => record.type !== 'chainStarted',
  );
  if (filter.profileId !== undefined && !changes.some((r) => r.profile.id === filter.profileId)) {
    return false;
  }
  const called = changes.map((r) => ('operation' in r ? r.operation.toLowerCase() : ''));
  if (operations && !called.some((operation) => operations.includes(operation))) return false;
  if (target !== undefined && !targetText(action, changes).includes(target)) return false;
  return filter.outcome === undefined || OUTCOMES[filter.outcome].includes(action.state);
}

type AuditChange = Exclude<AuditRecord, { type: 'chainStarted' }>;

/** What a filter by target looks in: the action's target, its calls' and its jobs'. */
function targetText(action: AuditActionGroup, changes: readonly AuditChange[]): string {
  const values = changes.flatMap((record) =>
    record.type === 'jobEnded'
      ? [record.instanceName, record.jobId]
      : 'target' in record
        ? Object.values(record.target)
        : [],
  );
  return [action.target, ...values].join('\n').toLowerCase();
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
