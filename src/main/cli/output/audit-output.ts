import type { AuditRecord } from '../../../shared/model/audit';
import type { AuditActionCall, AuditActionGroup } from '../../../shared/model/audit-actions';
import {
  ACTION_STATE_WORDS,
  operationWords,
  verdictWords,
} from '../../../shared/model/audit-words';
import { formatDateTime, formatTimeOfDay } from '../../../shared/format/times';
import { type TableText } from './output-table';
import { clip } from './table-columns';

/*
 * What `audit list` prints: the trail as user actions (audit-actions.ts). JSON keeps every
 * record, under the action it belongs to; CSV and TSV are a line per record with its action's
 * words beside it, chain fields only when asked and no JSON in a cell; the table is a row per
 * action (time, who, action, target, outcome), the calls of an action of several indented
 * under it.
 */

/** An action as `-o json` writes it: its words, then every record of it, as written. */
export function auditJson(actions: readonly AuditActionGroup[]): Record<string, unknown>[] {
  return actions.map((action) => ({
    time: action.time,
    who: action.who,
    action: action.label,
    target: action.target,
    outcome: action.state,
    ...(action.message === undefined ? {} : { message: action.message }),
    ...(action.actionId === undefined ? {} : { actionId: action.actionId }),
    kind: action.kind,
    connection: action.connection,
    source: action.source,
    calls: action.records,
  }));
}

/** Nested inputs as `path=value` pairs, so that no cell holds JSON: `body.pinned=true`. */
export function flatPairs(value: unknown, path = ''): string[] {
  if (value === null || value === undefined) return path ? [`${path}=`] : [];
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return [`${path}=${String(value)}`];
  }
  if (typeof value !== 'object') return [];
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item: unknown, i): [string, unknown] => [String(i), item])
    : Object.entries(value);
  if (entries.length === 0) return path ? [`${path}=`] : [];
  return entries.flatMap(([key, item]) => flatPairs(item, path ? `${path}.${key}` : key));
}

/** What one record says of itself, for its line of CSV or TSV. */
function recordCells(record: AuditRecord): Record<string, string | number> {
  switch (record.type) {
    case 'intent':
    case 'call': {
      const outcome = record.type === 'call' ? record.outcome : undefined;
      return {
        operation: record.operation,
        target: flatPairs(record.target).join('; '),
        outcome: outcome ? (outcome.ok ? 'ok' : 'failed') : 'sent',
        status: outcome?.status ?? '',
        code: outcome?.code ?? '',
        message:
          outcome?.message ?? (record.type === 'call' ? (record.intentNotWritten ?? '') : ''),
        jobId: outcome?.jobId ?? '',
        host: record.host,
        region: record.region ?? '',
        input: flatPairs(record.input).join('; '),
      };
    }
    case 'jobEnded':
      return {
        target: `instanceName=${record.instanceName}`,
        outcome: `job ${record.phase}`,
        status: record.status,
        message: record.error ?? '',
        jobId: record.jobId,
      };
    case 'outcomeChecked':
      return {
        operation: record.operation,
        outcome: `checked ${record.finding}`,
        message: record.how,
      };
    case 'chainStarted':
      return {
        target: record.movedAside.join('; '),
        outcome: 'new chain',
        message: verdictWords(record.verdict) ?? '',
      };
  }
}

/** The columns of CSV and TSV, in order; the chain's first, with `--chain` only. */
const CHAIN_COLUMNS = ['seq', 'v', 'prev', 'hash'] as const;
const COLUMNS = [
  'time',
  'who',
  'action',
  'actionTarget',
  'actionOutcome',
  'actionId',
  'record',
  'operation',
  'target',
  'outcome',
  'status',
  'code',
  'message',
  'jobId',
  'connection',
  'source',
  'host',
  'region',
  'input',
] as const;

/** `-o csv` and `-o tsv`: a line per record, under its action's words. */
export function auditDelimitedRows(
  actions: readonly AuditActionGroup[],
  chain: boolean,
): Record<string, string | number>[] {
  const columns = chain ? [...CHAIN_COLUMNS, ...COLUMNS] : COLUMNS;
  return actions.flatMap((action) =>
    action.records.map((record) => {
      const cells: Record<string, string | number> = {
        seq: record.seq,
        v: record.v,
        prev: record.prev ?? '',
        hash: record.hash,
        time: record.time,
        who: action.who,
        action: action.label,
        actionTarget: action.target,
        actionOutcome: action.state,
        actionId: action.actionId ?? '',
        record: record.type,
        connection: action.connection,
        source: action.source,
        ...recordCells(record),
      };
      return Object.fromEntries(columns.map((column) => [column, cells[column] ?? '']));
    }),
  );
}

const GAP = '  ';
const HEADERS = ['Time', 'Who', 'Action', 'Target', 'Outcome'] as const;
/** Calls of an action are indented this much under it, and a line's details under it. */
const INDENT = '  ';

/** A line of the table: its five cells, details for the line under it, and how deep it is. */
interface Line {
  readonly cells: readonly [string, string, string, string, string];
  readonly detail?: string | undefined;
  /** 1 for a call under its action. */
  readonly depth?: number;
}

/**
 * A call's outcome in short (`Done · 200`, `Failed · 404`, or its state) and what else there
 * is to say: the failure, the job it started and how that ended, a later check.
 */
function callWords(call: AuditActionCall): { short: string; detail?: string } {
  const ended = call.records.find((r) => r.type === 'call');
  if (ended?.type !== 'call')
    return { short: ACTION_STATE_WORDS[call.state], detail: call.outcome };
  const { ok, status, code, message } = ended.outcome;
  const job = call.records.find((r) => r.type === 'jobEnded');
  const jobWords =
    job?.type === 'jobEnded'
      ? `job ${job.status}${job.error ? `: ${job.error}` : ''}`
      : `job ${call.jobId ?? ''} running`;
  const detail = [
    ok ? '' : [[status, code].filter(Boolean).join(' '), message].filter(Boolean).join(': '),
    ended.intentNotWritten ? `sent unrecorded: ${ended.intentNotWritten}` : '',
    call.jobId ? jobWords : '',
  ].filter(Boolean);
  const short = `${ok ? 'Done' : 'Failed'}${status === undefined ? '' : ` · ${status}`}`;
  return detail.length > 0 ? { short, detail: detail.join(' · ') } : { short };
}

/** The ditto mark: a call's target that is its action's (an upload's adds its file type). */
const DITTO = '″';

/** A call's target in its action's line: `″` where it is the action's, `″ / bak` past it. */
function callTarget(target: string, actionTarget: string): string {
  if (target === actionTarget) return DITTO;
  return target.startsWith(`${actionTarget} / `)
    ? DITTO + target.slice(actionTarget.length)
    : target;
}

/** An action's line, with the details of its one call; or with its calls' lines under it. */
function actionLines(action: AuditActionGroup): Line[] {
  const time = formatDateTime(action.time);
  const cells: Line['cells'] = [
    time,
    action.who,
    action.label,
    action.target,
    ACTION_STATE_WORDS[action.state],
  ];
  const [only, ...more] = action.calls;
  if (!only || more.length === 0) {
    const detail = only ? callWords(only).detail : action.message;
    return [{ cells, detail }];
  }
  return [
    { cells },
    ...action.calls.map((call): Line => {
      const { short, detail } = callWords(call);
      const at = INDENT + formatTimeOfDay(call.time);
      return {
        cells: [
          at,
          '',
          INDENT + operationWords(call.operation),
          callTarget(call.target, action.target),
          short,
        ],
        detail,
        depth: 1,
      };
    }),
  ];
}

/** The widths of the five columns in `width` characters: the target takes what is left. */
function widthsOf(lines: readonly Line[], width: number): number[] {
  const longest = (i: number): number =>
    Math.max(...lines.map((line) => line.cells[i]?.length ?? 0));
  const [time, who, action, outcome] = [
    longest(0),
    Math.min(longest(1), 18),
    Math.min(longest(2), 24),
    longest(4),
  ];
  const target = Math.min(
    longest(3),
    Math.max(width - time - who - action - outcome - GAP.length * 4, 12),
  );
  return [time, who, action, target, outcome];
}

/**
 * The table of `audit list`, for a person at a terminal: a line per action (time, who,
 * action, target and outcome in a word), the calls of an action of several under it,
 * indented; what a failure said, or the job a call started, on a line under its own. Texts
 * longer than their room are cut with "…", and a note says where to read them whole.
 */
export function renderAuditTable(actions: readonly AuditActionGroup[], width: number): TableText {
  if (actions.length === 0) return { text: '(none)\n' };
  const lines: Line[] = [{ cells: HEADERS }, ...actions.flatMap(actionLines)];
  const widths = widthsOf(lines, width);
  // Details start under the action's words, indented one step more than their line's.
  const start = ' '.repeat((widths[0] ?? 0) + (widths[1] ?? 0) + GAP.length * 2);
  let cut = false;
  const fitted = (text: string, room: number): string => {
    const shown = clip(text, Math.max(room, 1));
    if (shown !== text) cut = true;
    return shown;
  };
  const text = lines.flatMap(({ cells, detail, depth = 0 }) => {
    const row = cells.map((cell, i) => fitted(cell, widths[i] ?? 0).padEnd(widths[i] ?? 0));
    const margin = start + INDENT.repeat(depth + 1);
    const under = detail ? [margin + fitted(detail, width - margin.length)] : [];
    return [row.join(GAP).trimEnd(), ...under];
  });
  const note = `Some texts were cut to fit ${width} characters; --output json or csv has them whole.`;
  return { text: `${text.join('\n')}\n`, ...(cut ? { note } : {}) };
}
