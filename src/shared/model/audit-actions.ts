import type { AuditCallRecord, AuditIntentRecord, AuditRecord } from './audit';
import {
  operationWords,
  principalText,
  targetWords,
  verdictWords,
  type AuditActionState,
} from './audit-words';

/*
 * The audit trail read as user actions: the calls of one import (its upload's start and
 * completion, then the import), of one bulk action, or one operation alone, as one action with
 * its calls in order. `audit list` and the Audit view both read it so; the records stay as
 * written. A record without an action (trails written before actions were recorded) is an
 * action of its own; a job's end goes with the action whose call started the job, and a later
 * check of an outcome that never came with the action of its intent.
 */

/** One API call of an action: its intent, its outcome, its job's end and any later check. */
export interface AuditActionCall {
  readonly operation: string;
  /** The call's own target, in words: `sql-eu-dev-01 / Sales`. */
  readonly target: string;
  /** When its outcome was written, or its intent while it has none. */
  readonly time: string;
  readonly state: AuditActionState;
  /** `Done · 200`, `404 NOT_FOUND: …`, `Outcome unknown`, with the job's end when known. */
  readonly outcome: string;
  readonly jobId?: string;
  /** Every record of the call, in order. */
  readonly records: readonly AuditRecord[];
}

/** One user action: the row of the Audit view and of `audit list`. */
export interface AuditActionGroup {
  /** The action's id, or one made from its only record's seq. */
  readonly key: string;
  /** The recorded action id (absent for records older than actions). */
  readonly actionId?: string;
  /** `operation`, `import`, `export`, `downloadArchive`, `bulk`; `chain` or `job` for the rest. */
  readonly kind: string;
  /** When its first record was written. */
  readonly time: string;
  /** Who the connection signed in as. */
  readonly who: string;
  /** What the user did: `import`, `delete 3 archives`, `databases drop`. */
  readonly label: string;
  readonly target: string;
  /** The connection's name. */
  readonly connection: string;
  /** `App 1.4.0` or `CLI 1.4.0`. */
  readonly source: string;
  readonly state: AuditActionState;
  /** Why it failed, what is not known, or what is still running; absent when it succeeded. */
  readonly message?: string;
  readonly calls: readonly AuditActionCall[];
  /** Every record of the action, oldest first. */
  readonly records: readonly AuditRecord[];
}

/**
 * An intent younger than this may be a change still on its way (another run's, or this one's):
 * twice the operation deadline of the service client (30 s) and then some. Until then it is in
 * progress; after, its outcome is unknown and the next start reads it back (outcome-checker.ts).
 */
export const IN_FLIGHT_MS = 5 * 60_000;

type Change = AuditIntentRecord | AuditCallRecord;

/**
 * Which action and which call of it a record belongs to: a job's end goes with the call that
 * started the job, a later check with the call whose intent it checked.
 */
interface Placement {
  readonly action: string;
  readonly call?: string;
}

/** Where each record goes: by its action id, its intent, the call that started its job. */
function placements(records: readonly AuditRecord[]): Placement[] {
  const byIntent = new Map<string, Placement>();
  const byJob = new Map<string, Placement>();
  const placed: Placement[] = [];
  for (const record of records) {
    let place: Placement = { action: `seq-${record.seq}` };
    if (record.type === 'intent' || record.type === 'call') {
      const call =
        record.intentId === undefined ? `seq-${record.seq}` : `intent-${record.intentId}`;
      const earlier = record.intentId === undefined ? undefined : byIntent.get(record.intentId);
      place = earlier ?? { action: record.action?.id ?? `action-${call}`, call };
      if (record.intentId !== undefined) byIntent.set(record.intentId, place);
      if (record.type === 'call' && record.outcome.jobId) byJob.set(record.outcome.jobId, place);
    } else if (record.type === 'jobEnded') {
      place = byJob.get(record.jobId) ?? place;
    } else if (record.type === 'outcomeChecked') {
      place = byIntent.get(record.intentId) ?? place;
    }
    placed.push(place);
  }
  return placed;
}

/** The records in groups by key, in the order each key first appears. */
function groupBy<T>(items: readonly T[], keys: readonly string[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  items.forEach((item, index) => {
    const key = keys[index] ?? '';
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  });
  return groups;
}

/**
 * The trail's records as user actions, oldest first. `now` tells a change still on its way (sent
 * in the last five minutes, no outcome yet: in progress) from one whose outcome never came.
 */
export function groupActions(records: readonly AuditRecord[], now: number): AuditActionGroup[] {
  const placed = placements(records);
  const groups = groupBy(
    records,
    placed.map((place) => place.action),
  );
  const callKeys = new Map<AuditRecord, string>();
  records.forEach((record, index) => {
    const call = placed[index]?.call;
    if (call !== undefined) callKeys.set(record, call);
  });
  return [...groups].map(([key, members]) => actionOf(key, members, callKeys, now));
}

function actionOf(
  key: string,
  records: readonly AuditRecord[],
  callKeys: ReadonlyMap<AuditRecord, string>,
  now: number,
): AuditActionGroup {
  const first = records[0] as AuditRecord;
  const change = records.find((r): r is Change => r.type === 'intent' || r.type === 'call');
  if (!change) return lonely(key, first);
  const withCall = records.filter((record) => callKeys.has(record));
  const calls = [
    ...groupBy(
      withCall,
      withCall.map((record) => callKeys.get(record) ?? ''),
    ).values(),
  ].map((own) => callOf(own, now));
  const target = change.action?.target ?? targetWords(change.target);
  const { state, message } = outcomeOf(calls, target);
  return {
    key,
    ...(change.action ? { actionId: change.action.id } : {}),
    kind: change.action?.kind ?? 'operation',
    time: first.time,
    who: principalText(change.principal),
    label: change.action?.label ?? operationWords(change.operation),
    target,
    connection: change.profile.name,
    source: `${change.source.kind === 'app' ? 'App' : 'CLI'} ${change.source.version}`,
    state,
    ...(message === undefined ? {} : { message }),
    calls,
    records,
  };
}

/** A record that belongs to no change: a new chain, or a job end whose call is not listed. */
function lonely(key: string, record: AuditRecord): AuditActionGroup {
  const base = { key, time: record.time, who: '', connection: '', source: '', calls: [] };
  if (record.type === 'chainStarted') {
    const message = verdictWords(record.verdict) ?? 'The trail before did not verify';
    const target = record.movedAside.join(', ');
    return {
      ...base,
      kind: 'chain',
      label: 'new chain',
      target,
      state: 'failed',
      message,
      records: [record],
    };
  }
  if (record.type === 'jobEnded') {
    const state = record.phase === 'succeeded' ? 'succeeded' : 'failed';
    const message = state === 'failed' ? jobWords(record) : undefined;
    return {
      ...base,
      kind: 'job',
      label: 'job ended',
      target: `${record.instanceName} / job ${record.jobId}`,
      state,
      ...(message === undefined ? {} : { message }),
      records: [record],
    };
  }
  const label = record.type === 'outcomeChecked' ? 'outcome checked' : record.type;
  return { ...base, kind: 'job', label, target: '', state: 'unknown', records: [record] };
}

function jobWords(record: Extract<AuditRecord, { type: 'jobEnded' }>): string {
  return record.error ? `job ${record.status}: ${record.error}` : `job ${record.status}`;
}

/** What a check on a later start found of a change whose outcome never came. */
const FINDING: Readonly<Record<'done' | 'notDone' | 'unknown', [AuditActionState, string]>> = {
  done: ['succeeded', 'Found made later'],
  notDone: ['failed', 'Found not made later'],
  unknown: ['unknown', 'Outcome unknown; check failed'],
};

/** One call from its records: intent, outcome, its job's end or a later check. */
function callOf(records: readonly AuditRecord[], now: number): AuditActionCall {
  const change = records.find((r): r is Change => r.type === 'intent' || r.type === 'call');
  const ended = records.find((r): r is AuditCallRecord => r.type === 'call');
  const jobId = ended?.outcome.jobId;
  const job = records.find((r) => r.type === 'jobEnded');
  const check = records.find((r) => r.type === 'outcomeChecked');
  const base = {
    operation: change?.operation ?? '',
    target: change ? targetWords(change.target) : '',
    time: (ended ?? change ?? records[0])?.time ?? '',
    ...(jobId ? { jobId } : {}),
    records,
  };
  if (!ended) {
    if (check?.type === 'outcomeChecked') {
      const [state, words] = FINDING[check.finding];
      return { ...base, state, outcome: `${words} (${check.how})` };
    }
    const fresh = now - Date.parse(base.time) < IN_FLIGHT_MS;
    return fresh
      ? { ...base, state: 'inProgress', outcome: 'Sent; no outcome yet' }
      : { ...base, state: 'unknown', outcome: 'Sent; its outcome never came' };
  }
  const text = callOutcomeText(ended);
  if (!ended.outcome.ok) return { ...base, state: 'failed', outcome: text };
  if (!jobId) return { ...base, state: 'succeeded', outcome: text };
  if (job?.type !== 'jobEnded') {
    return { ...base, state: 'inProgress', outcome: `${text} · job ${jobId} running` };
  }
  const state = job.phase === 'succeeded' ? 'succeeded' : 'failed';
  return { ...base, state, outcome: `${text} · ${jobWords(job)}` };
}

/** How a call ended: `Done · 200`, `404 NOT_FOUND: …`, and whether it went unrecorded. */
function callOutcomeText(record: AuditCallRecord): string {
  const { outcome } = record;
  const status = outcome.status === undefined ? '' : String(outcome.status);
  const unrecorded = record.intentNotWritten
    ? ` (sent unrecorded: ${record.intentNotWritten})`
    : '';
  if (outcome.ok) return (status ? `Done · ${status}` : 'Done') + unrecorded;
  const why = [outcome.code, outcome.message].filter(Boolean).join(': ');
  return ([status, why].filter(Boolean).join(' ') || 'Failed') + unrecorded;
}

/** Which states say more: a failure first, then what is not known, then what still runs. */
const WEIGHT: Readonly<Record<AuditActionState, number>> = {
  failed: 3,
  unknown: 2,
  inProgress: 1,
  succeeded: 0,
};

/**
 * How the action went: each operation on each target by its last call (a step sent again after
 * a failure, as a resumed transfer does, counts as it last went), the worst of them first.
 */
function outcomeOf(
  calls: readonly AuditActionCall[],
  target: string,
): { state: AuditActionState; message?: string } {
  const last = new Map<string, AuditActionCall>();
  for (const call of calls) last.set(`${call.operation} ${call.target}`, call);
  const final = [...last.values()];
  const worst = final.reduce<AuditActionCall | undefined>(
    (found, call) => (!found || WEIGHT[call.state] > WEIGHT[found.state] ? call : found),
    undefined,
  );
  if (!worst || worst.state === 'succeeded') return { state: 'succeeded' };
  if (calls.length === 1) return { state: worst.state, message: worst.outcome };
  // Which call: its operation, and its target where the action's does not say it.
  const which = [operationWords(worst.operation), worst.target === target ? '' : worst.target];
  const same = final.filter((call) => call.state === worst.state).length;
  const count = same > 1 ? `${same} of ${final.length} calls, first ` : '';
  return {
    state: worst.state,
    message: `${count}${which.filter(Boolean).join(' ')}: ${worst.outcome}`,
  };
}
